import type { SqlClient } from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import {
  createTestDatabase,
  startPgBouncer,
  type RunningPgBouncer,
  type TestDatabase,
} from '@shipping/testing';
import type { EventSubscribersHost } from '../subscriptions/event-subscribers-host';
import { assertSessionLocksHold, SESSION_LOCKS_DO_NOT_HOLD } from './session-locks';
import { StoreRelays } from './store-relays';

/** Leader election holds a session advisory lock: a pooler that moves sessions between backends breaks it. */
describe('session advisory locks, checked at start', () => {
  let database: TestDatabase;
  const bouncers: RunningPgBouncer[] = [];
  const pools: SqlClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('session_locks');
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
    await Promise.all(bouncers.splice(0).map((bouncer) => bouncer.stop()));
  });
  afterAll(() => database?.drop());

  const pool = (url: string) => {
    const sql = createPgSqlClient(url, { max: 4 });
    pools.push(sql);
    return sql;
  };
  const behind = async (poolMode: 'session' | 'transaction') => {
    const bouncer = await startPgBouncer(database.url, poolMode);
    bouncers.push(bouncer);
    return pool(bouncer.url);
  };

  it('hold on PostgreSQL itself', async () => {
    await expect(assertSessionLocksHold(pool(database.url))).resolves.toBeUndefined();
  });

  it('hold behind PgBouncer in session mode', async () => {
    await expect(assertSessionLocksHold(await behind('session'))).resolves.toBeUndefined();
  });

  it('do not hold behind PgBouncer in transaction mode, and an app that elects its relays leader refuses to start there', async () => {
    const sql = await behind('transaction');
    await expect(assertSessionLocksHold(sql)).rejects.toThrow(SESSION_LOCKS_DO_NOT_HOLD);

    const host = { streamPrefixes: () => ['order-'] } as unknown as EventSubscribersHost;
    const relays = new StoreRelays(
      { app: 'spec', kafka: { brokers: ['127.0.0.1:9'] }, partitions: 1, categories: [] },
      sql,
      undefined as never,
      host,
    );
    try {
      await expect(Promise.resolve().then(() => relays.onApplicationBootstrap())).rejects.toThrow(
        SESSION_LOCKS_DO_NOT_HOLD,
      );
      expect(relays.leads).toBe(false);
    } finally {
      await relays.onModuleDestroy();
    }
  });
});
