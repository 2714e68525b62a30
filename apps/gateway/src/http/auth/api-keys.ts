import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type EventStore, schemaReady, type SqlClient } from '@shipping/event-store';
import {
  type ApiKeyCommand,
  type ApiKeyMode,
  apiKeysDecider,
  apiKeyStreamName,
} from '@shipping/accounts-domain';
import { CLOCK, type Clock } from '@shipping/platform/clock';
import { eventMetadata, handleCommand } from '@shipping/platform/commands';
import { EVENT_STORE, SQL_CLIENT } from '@shipping/platform/storage';
import { sandboxSeed } from '@shipping/reference-data';
import { ApiKeyDirectory } from './api-key-directory';
import { projectApiKeyEvent } from './api-key-projection';
import { generateApiKey, keyMaterial, type KeyMaterial, newKeyId } from './api-key-secrets';
import { GATEWAY_MIGRATIONS } from '../idempotency/gateway.migrations';

/** A key as listed: everything but the key itself, which is shown once, when it is created. */
export interface ApiKeyView {
  id: string;
  mode: ApiKeyMode;
  prefix: string;
  last4: string;
  created_at: string;
  revoked_at: string | null;
}

/** Who asked: the events carry the request id as correlation id and the admin key's id as actor. */
export interface KeyChange {
  correlationId: string;
  actor: string;
}

type KeyRow = {
  key_id: string;
  mode: ApiKeyMode;
  prefix: string;
  last4: string;
  created_at: Date;
  revoked_at: Date | null;
};

const toView = (row: KeyRow): ApiKeyView => ({
  id: row.key_id,
  mode: row.mode,
  prefix: row.prefix,
  last4: row.last4,
  created_at: new Date(row.created_at).toISOString(),
  revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
});

/**
 * API keys as `api-keys-<account>` streams, kept by the gateway (which alone reads them), and
 * projected into `gateway_api_keys` right after each command and again by ApiKeyProjection. The sandbox keys are issued at start through the same command.
 */
@Injectable()
export class ApiKeys implements OnModuleInit {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: ApiKeyDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, GATEWAY_MIGRATIONS);
    for (const account of sandboxSeed.accounts) {
      await this.issueWith(
        { id: account.id, name: account.name },
        'test',
        keyMaterial(account.api_key, 'sk_test_'),
        `key_sandbox_${account.id}`,
        { correlationId: 'sandbox-seed', actor: 'sandbox-seed' },
        true,
      );
    }
  }

  /** A new key for the account: the answer is the only place the key ever appears. */
  async issue(
    account: { id: string; name: string },
    mode: ApiKeyMode,
    change: KeyChange,
  ): Promise<ApiKeyView & { key: string }> {
    const material = generateApiKey(mode);
    const view = await this.issueWith(account, mode, material, newKeyId(), change, false);
    const { id, ...rest } = view;
    return { id, key: material.key, ...rest };
  }

  private async issueWith(
    account: { id: string; name: string },
    mode: ApiKeyMode,
    material: KeyMaterial,
    keyId: string,
    change: KeyChange,
    sandbox: boolean,
  ): Promise<ApiKeyView> {
    const at = this.clock.now().toISOString();
    await this.handle(
      {
        type: 'IssueApiKey',
        event: {
          account_id: account.id,
          account_name: account.name,
          key_id: keyId,
          mode,
          prefix: material.prefix,
          last4: material.last4,
          digest: material.digest,
          sandbox,
          at,
        },
      },
      account.id,
      change,
    );
    this.directory.issued(material.digest);
    return (await this.find(account.id, keyId)) as ApiKeyView;
  }

  /**
   * Revokes the key at once on this instance and, through its event, on every other. The row is
   * marked first: should the append or anything after it fail, the key is refused all the same
   * (every instance reads the row within KEY_CACHE_MAX_AGE_MS), and the admin's retry appends the
   * event. The event never stands while the key still works.
   */
  async revoke(accountId: string, keyId: string, change: KeyChange): Promise<ApiKeyView> {
    // A retry after a failed append records the time the row was marked, so the row and the event agree.
    const { rows } = await this.sql.query<{ revoked_at: Date }>(
      `update gateway_api_keys set revoked_at = coalesce(revoked_at, $3)
       where account_id = $1 and key_id = $2 returning revoked_at`,
      [accountId, keyId, this.clock.now().toISOString()],
    );
    const now = new Date(rows[0]?.revoked_at ?? this.clock.now()).toISOString();
    await this.handle({ type: 'RevokeApiKey', accountId, keyId, now }, accountId, change);
    this.directory.forget(keyId);
    return (await this.find(accountId, keyId)) as ApiKeyView;
  }

  async list(accountId: string): Promise<ApiKeyView[]> {
    const { rows } = await this.sql.query<KeyRow>(
      `select key_id, mode, prefix, last4, created_at, revoked_at from gateway_api_keys
       where account_id = $1 order by created_at, key_id`,
      [accountId],
    );
    return rows.map(toView);
  }

  private async find(accountId: string, keyId: string): Promise<ApiKeyView | undefined> {
    const { rows } = await this.sql.query<KeyRow>(
      `select key_id, mode, prefix, last4, created_at, revoked_at from gateway_api_keys
       where account_id = $1 and key_id = $2`,
      [accountId, keyId],
    );
    return rows[0] && toView(rows[0]);
  }

  private async handle(command: ApiKeyCommand, accountId: string, change: KeyChange): Promise<void> {
    const { events } = await handleCommand({
      store: this.store,
      streamName: apiKeyStreamName(accountId),
      command,
      decider: apiKeysDecider,
      metadata: eventMetadata({ ...change, accountId }),
      retries: 10,
    });
    for (const event of events) await projectApiKeyEvent(this.sql, event);
  }
}
