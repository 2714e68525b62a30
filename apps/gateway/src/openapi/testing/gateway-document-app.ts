import { Global, Module, type INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { MESSAGE_CLIENT } from '@shipping/messaging';
import { ClockModule } from '@shipping/platform/clock';
import { ObservabilityModule } from '@shipping/platform/observability';
import { EVENT_STORE, SQL_CLIENT } from '@shipping/platform/storage';
import { DashboardFiles } from '../../dashboard/dashboard-files';
import { GatewayModule } from '../../gateway.module';
import { configureGatewayApp } from '../../http';
import { createGatewayAdapter } from '../../http/gateway-adapter';
import { GATEWAY_HTTP_CONFIG } from '../../http/gateway-http.tokens';
import { DEFAULT_GATEWAY_HTTP_CONFIG } from '../../http/gateway-http-config';

/** The gateway's routes as Nest registers them, without the apps behind it: nothing is sent. */
export async function createGatewayDocumentApp(): Promise<{ app: INestApplication; close(): Promise<void> }> {
  const sql: SqlClient = await createPgliteSqlClient();
  // The gateway's HTTP layer keeps API keys as events.
  const store = new PostgresEventStore(sql);
  await store.init();
  @Global()
  @Module({
    providers: [
      { provide: SQL_CLIENT, useValue: sql },
      { provide: EVENT_STORE, useValue: store },
      { provide: MESSAGE_CLIENT, useValue: {} },
    ],
    exports: [SQL_CLIENT, EVENT_STORE, MESSAGE_CLIENT],
  })
  class NoBackendModule {}
  const moduleRef = await Test.createTestingModule({
    imports: [NoBackendModule, ClockModule, ObservabilityModule.forRoot(), GatewayModule],
  })
    .overrideProvider(GATEWAY_HTTP_CONFIG)
    .useValue({ ...DEFAULT_GATEWAY_HTTP_CONFIG, logLevel: 'silent' })
    .overrideProvider(DashboardFiles)
    .useValue({})
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(
    createGatewayAdapter(DEFAULT_GATEWAY_HTTP_CONFIG),
    { bodyParser: false },
  );
  const routes: string[] = [];
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', ({ method, url }) => {
      // Fastify answers HEAD on every GET route itself, as Express did; no controller declares HEAD.
      for (const one of [method].flat().filter((name) => name !== 'HEAD')) {
        routes.push(`${one} ${url.replace(/[:*](\w+)/g, '{$1}')}`);
      }
    });
  registered.set(app, routes);
  configureGatewayApp(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    async close() {
      await app.close();
      await sql.close();
    },
  };
}

const registered = new WeakMap<INestApplication, string[]>();

/** `GET /batches/{batch_id}` for every route Nest registers (`:id` and `*key` as `{id}`, `{key}`). */
export function registeredRoutes(app: INestApplication): string[] {
  return registered.get(app) ?? [];
}
