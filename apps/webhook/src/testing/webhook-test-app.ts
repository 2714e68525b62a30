import { Test, type TestingModule } from '@nestjs/testing';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { type SqlClient } from '@shipping/event-store';
import { type RegisteredWebhookEndpoint, registeredSecretContext } from '@shipping/contracts';
import { MESSAGE_SECRETS, type SecretBox } from '@shipping/platform/secrets';
import { TestStorageModule } from '@shipping/platform/storage';
import { type Resolve, resolveWithDns, WEBHOOK_RESOLVE } from '../dispatch/target-guard';
import { readWebhookConfig, WEBHOOK_CONFIG, type WebhookConfig } from '../webhook-config';
import { WebhookModule } from '../webhook.module';
import { WebhooksController } from '../webhooks.controller';

/** Starting PGlite (WebAssembly) takes seconds on a busy machine. */
export const STARTUP_TIMEOUT_MS = 60_000;

export const FAST_CONFIG: WebhookConfig = {
  timeoutMs: 1_000,
  retryScheduleMs: [50, 50, 50, 50],
  pollIntervalMs: 20,
  allowPrivateTargets: true,
  concurrency: 64,
  endpointConcurrency: 4,
  accountConcurrency: 16,
  maxEndpointsPerAccount: 16,
  secretKeys: readWebhookConfig({}).secretKeys,
  deliveryRetentionMs: readWebhookConfig({}).deliveryRetentionMs,
};

export interface WebhookTestApp {
  module: TestingModule;
  handlers: WebhooksController;
  sql: SqlClient;
  /** Registers an endpoint as the gateway does: the answer's sealed secret opened. */
  register(accountId: string, payload: unknown): Promise<RegisteredWebhookEndpoint>;
  close(): Promise<void>;
}

/**
 * The webhook module on an in-memory PGlite, its dispatcher running, its handlers called directly.
 * Given the `sql` of another test app, it is a second instance on the same outbox (and leaves the
 * database open when it closes).
 */
export async function createWebhookTestApp(
  config: Partial<WebhookConfig> = {},
  resolve: Resolve = resolveWithDns,
  shared?: SqlClient,
): Promise<WebhookTestApp> {
  const sql = shared ?? (await createPgliteSqlClient());
  const module = await Test.createTestingModule({ imports: [TestStorageModule.with(sql), WebhookModule] })
    .overrideProvider(WEBHOOK_CONFIG)
    .useValue({ ...FAST_CONFIG, ...config })
    .overrideProvider(WEBHOOK_RESOLVE)
    .useValue(resolve)
    .compile();
  try {
    await module.init();
  } catch (error) {
    if (!shared) await sql.close();
    throw error;
  }
  const handlers = module.get(WebhooksController);
  return {
    module,
    handlers,
    sql,
    async register(accountId, payload) {
      const { sealed_secret: sealed, ...endpoint } = await handlers.register({
        context: context(accountId),
        payload,
      });
      const secrets = module.get<SecretBox>(MESSAGE_SECRETS);
      return {
        ...endpoint,
        secret: secrets.open(String(sealed), registeredSecretContext(accountId, endpoint.id)),
      };
    },
    async close() {
      await module.close();
      if (!shared) await sql.close();
    },
  };
}

export const context = (accountId: string) => ({ accountId, correlationId: `test-${accountId}` });
