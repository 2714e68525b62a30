import { Controller, type INestApplication, Inject, Logger } from '@nestjs/common';
import { type ClientProxy, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { AppError, type RequestContext } from '@shipping/contracts';
import { type SqlClient } from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import {
  connectMessageHandlers,
  createInProcessServer,
  InProcessMessagingModule,
  MESSAGE_CLIENT,
  sendRequest,
  UNAVAILABLE_MESSAGE,
} from '@shipping/messaging';
import { createTestDatabase, type TestDatabase, waitUntilActive } from '@shipping/testing';
import { Client } from 'pg';
import { SQL_CLIENT } from '../tokens';
import { IDEMPOTENT_REQUESTS_TABLE } from './idempotent-request-store';
import { CommandPattern } from './message-handlers';

/** The advisory lock the spec holds so that a note's transaction waits where the spec can end it. */
const GATE = 7_001;

@Controller()
class NotesController {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  @CommandPattern('notes.add')
  async add(@Payload() message: { payload: { text: string } }) {
    await this.sql.transaction(async (tx) => {
      await tx.query('insert into notes (text) values ($1)', [message.payload.text]);
      await tx.query('select pg_advisory_xact_lock_shared($1)', [GATE]);
    });
    return { saved: message.payload.text };
  }
}

describe('a command whose database backend is terminated while it runs (real PostgreSQL)', () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let admin: Client;
  let blocker: Client;
  let app: INestApplication;
  let client: ClientProxy;

  beforeAll(async () => {
    database = await createTestDatabase('terminated_backend');
    sql = createPgSqlClient(database.url, { max: 4 });
    await sql.exec('create table notes (text text not null)');
    admin = new Client({ connectionString: database.url });
    await admin.connect();
    blocker = new Client({ connectionString: database.url });
    await blocker.connect();
    const moduleRef = await Test.createTestingModule({
      imports: [InProcessMessagingModule.forRoot()],
      controllers: [NotesController],
      providers: [{ provide: SQL_CLIENT, useValue: sql }],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    connectMessageHandlers(app, createInProcessServer(app));
    await app.init();
    await app.startAllMicroservices();
    client = app.get<ClientProxy>(MESSAGE_CLIENT);
  }, 60_000);

  beforeEach(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await app?.close();
    await admin?.end();
    await blocker?.end();
    await sql?.close();
    await database?.drop();
  });

  /** Sends the command, and terminates its backend once it waits on the gate the spec holds. */
  async function sendWhileTerminated(context: RequestContext, text: string): Promise<unknown> {
    await admin.query('select pg_advisory_lock($1)', [GATE]);
    try {
      const answer = sendRequest(client, 'notes.add', { context, payload: { text } }).then(
        () => Promise.reject(new Error('the command did not fail')),
        (error: unknown) => error,
      );
      const pid = await backendWaitingOnGate();
      await waitUntilActive(admin, pid);
      await admin.query('select pg_terminate_backend($1)', [pid]);
      return await answer;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [GATE]);
    }
  }

  async function backendWaitingOnGate(): Promise<number> {
    for (;;) {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_locks
          where locktype = 'advisory' and objid = $1 and not granted
            and database = (select oid from pg_database where datname = current_database())`,
        [GATE],
      );
      if (rows.length > 0) return rows[0].pid;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Waits for a backend of this database blocked on a row lock in a statement starting with `start`. */
  async function backendBlockedIn(start: string): Promise<number> {
    for (;;) {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like $1`,
        [`${start}%`],
      );
      if (rows.length > 0) return rows[0].pid;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  const notes = async () => (await admin.query<{ text: string }>('select text from notes')).rows;

  it('answers "unavailable" (503 at the gateway), never "internal", and stores nothing', async () => {
    const context = { accountId: 'acct_acme', correlationId: 'req-1', idempotencyKey: 'key-1' };

    const error = await sendWhileTerminated(context, 'first');

    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toPayload()).toEqual({ code: 'unavailable', message: UNAVAILABLE_MESSAGE });
    expect(await notes()).toEqual([]);
  });

  it('lets the retry with the same Idempotency-Key do the command, once', async () => {
    const context = { accountId: 'acct_acme', correlationId: 'req-2', idempotencyKey: 'key-2' };
    await sendWhileTerminated({ ...context }, 'second');

    const retry = await sendRequest(client, 'notes.add', {
      context: { ...context },
      payload: { text: 'second' },
    });
    const replay = await sendRequest(client, 'notes.add', {
      context: { ...context },
      payload: { text: 'second' },
    });

    expect(retry).toEqual({ saved: 'second' });
    expect(replay).toEqual({ saved: 'second' });
    expect(await notes()).toEqual([{ text: 'second' }]);
  });

  it('keeps the outcome of a command whose settling write lost its backend, so a repeat is answered from it', async () => {
    const context = { accountId: 'acct_acme', correlationId: 'req-3', idempotencyKey: 'key-3' };
    await admin.query('select pg_advisory_lock($1)', [GATE]);
    const answer = sendRequest(client, 'notes.add', { context: { ...context }, payload: { text: 'third' } });
    await backendWaitingOnGate();
    // The command's claim is taken; its settling update waits on the row the blocker holds.
    await blocker.query('begin');
    await blocker.query(`select 1 from ${IDEMPOTENT_REQUESTS_TABLE} where idempotency_key = $1 for update`, [
      context.idempotencyKey,
    ]);
    await admin.query('select pg_advisory_unlock($1)', [GATE]);
    const settling = await backendBlockedIn(`update ${IDEMPOTENT_REQUESTS_TABLE}`);
    await admin.query('select pg_terminate_backend($1)', [settling]);
    await blocker.query('rollback');

    const first = await answer;
    const repeat = await sendRequest(client, 'notes.add', {
      context: { ...context },
      payload: { text: 'third' },
    });

    expect(first).toEqual({ saved: 'third' });
    expect(repeat).toEqual({ saved: 'third' });
    expect((await notes()).filter((note) => note.text === 'third')).toHaveLength(1);
  });
});
