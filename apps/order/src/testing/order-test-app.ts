import type { INestApplication, Type } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import type { RequestContext } from '@shipping/contracts';
import { type EventStore, PostgresEventStore } from '@shipping/event-store';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import {
  connectMessageHandlers,
  createInProcessServer,
  InProcessMessagingModule,
  MESSAGE_CLIENT,
  sendRequest,
} from '@shipping/messaging';
import { ClockModule } from '@shipping/platform/clock';
import { TestStorageModule } from '@shipping/platform/storage';
import { AccountDirectory } from '../accounts/account-directory';
import { OrderModule } from '../order.module';

/** Starting PGlite (WebAssembly) takes seconds on a busy machine. */
export const STARTUP_TIMEOUT_MS = 60_000;

export interface OrderTestApp {
  app: INestApplication;
  store: EventStore;
  directory: AccountDirectory;
  /** Sends a request to the order app's handlers as another app would, behind the same interceptors. */
  request<T>(pattern: string, context: RequestContext, payload: unknown): Promise<T>;
  close(): Promise<void>;
}

/**
 * The order module (sandbox accounts seeded) on an in-memory PGlite, its handlers on the in-process
 * transport, beside `otherApps`: controllers standing in for the apps it sends requests to.
 */
export async function createOrderTestApp(options: { otherApps?: Type[] } = {}): Promise<OrderTestApp> {
  const sql = await createPgliteSqlClient();
  const store = new PostgresEventStore(sql);
  let app: INestApplication | undefined;
  try {
    await store.init();
    const moduleRef = await Test.createTestingModule({
      imports: [
        TestStorageModule.with(sql, store),
        ClockModule,
        InProcessMessagingModule.forRoot(),
        OrderModule,
      ],
      controllers: options.otherApps ?? [],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    connectMessageHandlers(app, createInProcessServer(app));
    await app.init();
    await app.startAllMicroservices();
  } catch (error) {
    await app?.close();
    await sql.close();
    throw error;
  }
  const started = app;
  const client = started.get<ClientProxy>(MESSAGE_CLIENT);
  return {
    app: started,
    store,
    directory: started.get(AccountDirectory),
    request: (pattern, context, payload) => sendRequest(client, pattern, { context, payload }),
    async close() {
      await started.close();
      await sql.close();
    },
  };
}
