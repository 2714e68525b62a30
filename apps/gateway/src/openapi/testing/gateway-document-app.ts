import { Global, Module, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { PostgresEventStore, type SqlClient } from '@shipping/event-store';
import {
  ClockModule,
  EVENT_STORE,
  MESSAGE_CLIENT,
  ObservabilityModule,
  SQL_CLIENT,
} from '@shipping/platform';
import { DashboardFiles } from '../../dashboard/dashboard-files';
import { GatewayModule } from '../../gateway.module';
import { configureGatewayApp } from '../../http';
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
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false });
  configureGatewayApp(app);
  await app.init();
  return {
    app,
    async close() {
      await app.close();
      await sql.close();
    },
  };
}

/** `GET /batches/{batchId}` for every route the Express router holds (Nest's `:id` and `*key` as `{id}`, `{key}`). */
export function registeredRoutes(app: INestApplication): string[] {
  const router = (app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } }).router;
  return router.stack.flatMap(({ route }) =>
    route
      ? Object.keys(route.methods).map(
          (method) => `${method.toUpperCase()} ${route.path.replace(/[:*](\w+)/g, '{$1}')}`,
        )
      : [],
  );
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}
