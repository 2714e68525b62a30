import type { INestApplication, Provider, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { type EventStore, PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { ClockModule } from '@shipping/platform/clock';
import { TestStorageModule } from '@shipping/platform/storage';
import type { DestinationStream } from 'pino';
import { configureGatewayApp } from '../configure-gateway-app';
import { createGatewayAdapter } from '../gateway-adapter';
import { DEFAULT_GATEWAY_HTTP_CONFIG, type GatewayHttpConfig } from '../gateway-http-config';
import { GatewayHttpModule } from '../gateway-http.module';
import { GATEWAY_HTTP_CONFIG, LOG_DESTINATION } from '../gateway-http.tokens';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { Invocations, TestController } from './test-controller';

/** Starting PGlite (WebAssembly) takes seconds on a busy machine. */
export const STARTUP_TIMEOUT_MS = 60_000;

export const ACME = { Authorization: 'Bearer sk_test_acme' };
export const TINY = { Authorization: 'Bearer sk_test_tiny' };

export interface HttpTestApp {
  app: INestApplication;
  invocations: Invocations;
  sql: SqlClient;
  store: EventStore;
  close(): Promise<void>;
}

/**
 * A real Nest app with the gateway's HTTP layer and TestController, on an in-memory PostgreSQL
 * unless given a client of its own (closed with the app).
 */
export async function createHttpTestApp(
  config: Partial<GatewayHttpConfig> = {},
  logDestination?: DestinationStream,
  sqlClient?: SqlClient,
  extra: { controllers?: Type[]; providers?: Provider[] } = {},
): Promise<HttpTestApp> {
  const sql = sqlClient ?? (await createPgliteSqlClient());
  const store = new PostgresEventStore(sql);
  await store.init();
  const httpConfig: GatewayHttpConfig = {
    ...DEFAULT_GATEWAY_HTTP_CONFIG,
    logLevel: 'silent',
    rateLimitPerMinute: 0,
    ...config,
  };
  const moduleRef = await Test.createTestingModule({
    imports: [TestStorageModule.with(sql, store), ClockModule, GatewayHttpModule],
    controllers: [TestController, ...(extra.controllers ?? [])],
    providers: [Invocations, ...(extra.providers ?? [])],
  })
    .overrideProvider(GATEWAY_HTTP_CONFIG)
    .useValue(httpConfig)
    .overrideProvider(LOG_DESTINATION)
    .useValue(logDestination ?? null)
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createGatewayAdapter(httpConfig), {
    bodyParser: false,
  });
  configureGatewayApp(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    invocations: app.get(Invocations),
    sql,
    store,
    async close() {
      await app.close();
      await store.close(); // closes its SQL client too
    },
  };
}
