import { Controller, type INestApplication } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { type ClientProxy, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import type { RequestContext } from '@shipping/contracts';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import {
  connectMessageHandlers,
  createInProcessServer,
  InProcessMessagingModule,
  MESSAGE_CLIENT,
  sendRequest,
} from '@shipping/messaging';
import { SQL_CLIENT } from '../tokens';
import { IdempotentRequestsInterceptor } from './idempotent-requests.interceptor';
import { CommandPattern, MESSAGE_HANDLER_KIND, QueryPattern } from './message-handlers';

@Controller()
class CounterController {
  added = 0;
  read = 0;

  @CommandPattern('counter.add')
  add(@Payload() message: { payload: { by: number } }) {
    this.added += message.payload.by;
    return { total: this.added };
  }

  handed: unknown[] = [];

  @CommandPattern('counter.note')
  note(@Payload() message: unknown) {
    this.handed.push(structuredClone(message));
    return null;
  }

  @QueryPattern('counter.get')
  get() {
    this.read += 1;
    return { total: this.added };
  }
}

const backends = sqlBackends<SqlClient>('message_handlers', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 8 }),
});

describe.each(backends)('command and query handlers on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let app: INestApplication;
  let client: ClientProxy;
  let counter: CounterController;
  let keys = 0;
  const keyed = (): RequestContext => ({
    accountId: 'acct_acme',
    correlationId: `req-${++keys}`,
    idempotencyKey: `key-${keys}`,
  });

  beforeAll(async () => {
    db = await backend.open();
    const sql = db.client();
    const moduleRef = await Test.createTestingModule({
      imports: [InProcessMessagingModule.forRoot()],
      controllers: [CounterController],
      providers: [{ provide: SQL_CLIENT, useValue: sql }],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    connectMessageHandlers(app, createInProcessServer(app));
    await app.init();
    await app.startAllMicroservices();
    client = app.get<ClientProxy>(MESSAGE_CLIENT);
    counter = app.get(CounterController);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('does a command sent twice with one Idempotency-Key once, and answers the repeat with the first reply', async () => {
    const context = keyed();

    const first = await sendRequest(client, 'counter.add', { context, payload: { by: 5 } });
    const repeat = await sendRequest(client, 'counter.add', { context: { ...context }, payload: { by: 5 } });

    expect(first).toEqual({ total: 5 });
    expect(repeat).toEqual({ total: 5 });
    expect(counter.added).toBe(5);
  });

  it('does a command once in each key mode under one Idempotency-Key (a context without one is test)', async () => {
    const context = keyed();
    const before = counter.added;

    await sendRequest(client, 'counter.add', { context: { ...context }, payload: { by: 2 } });
    await sendRequest(client, 'counter.add', {
      context: { ...context, keyMode: 'test' },
      payload: { by: 2 },
    });
    const live = await sendRequest(client, 'counter.add', {
      context: { ...context, keyMode: 'live' },
      payload: { by: 2 },
    });

    expect(live).toEqual({ total: before + 4 });
    expect(counter.added).toBe(before + 4);
  });

  it('does a command sent many times at once with one Idempotency-Key once', async () => {
    const context = keyed();
    const before = counter.added;

    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        sendRequest(client, 'counter.add', { context: { ...context }, payload: { by: 7 } }),
      ),
    );

    expect(counter.added).toBe(before + 7);
    expect(replies).toEqual(Array.from({ length: 6 }, () => ({ total: before + 7 })));
  });

  it('hands a command its claimed key beside the context, so the requests it sends on are not keyed', async () => {
    const context = keyed();

    await sendRequest(client, 'counter.note', { context, payload: { note: 1 } });

    expect(counter.handed).toEqual([
      {
        context: { accountId: 'acct_acme', correlationId: context.correlationId },
        payload: { note: 1 },
        claimedIdempotencyKey: context.idempotencyKey,
      },
    ]);
  });

  it('runs a query every time it is asked, key or no key', async () => {
    const context = keyed();
    const before = counter.read;

    await sendRequest(client, 'counter.get', { context, payload: {} });
    await sendRequest(client, 'counter.get', { context: { ...context }, payload: {} });

    expect(counter.read).toBe(before + 2);
  });

  it('marks each handler with its kind, and puts the idempotency interceptor on commands only', () => {
    const { add, get } = CounterController.prototype;

    expect(Reflect.getMetadata(MESSAGE_HANDLER_KIND, add)).toBe('command');
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, add)).toEqual([IdempotentRequestsInterceptor]);
    expect(Reflect.getMetadata(MESSAGE_HANDLER_KIND, get)).toBe('query');
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, get)).toBeUndefined();
  });
});
