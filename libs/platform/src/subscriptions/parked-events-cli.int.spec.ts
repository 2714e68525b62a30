import type { Logger } from '@nestjs/common';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { PostgresEventStore, type RecordedEvent, type Subscription } from '@shipping/event-store';
import { createTestDatabase, eventually, REPO_ROOT, type TestDatabase, TS_RUNTIME } from '@shipping/testing';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ParkedEvents } from './parked-events';
import { startStoredSubscription } from './stored-subscription';

const run = promisify(execFile);
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;

/** `npm run replay -- parked list|retry` as an operator runs it: a process of its own on the app's database. */
describe('the parked events CLI', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let subscription: Subscription | undefined;

  const replay = async (...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, [...TS_RUNTIME, 'tools/replay/replay.ts', ...args], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: '' },
      });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase('parked_cli');
    store = new PostgresEventStore(createPgSqlClient(database.url), { pollIntervalMs: 10 });
    await store.init();
  });

  afterAll(async () => {
    await subscription?.stop();
    await store?.close();
    await database?.drop();
  });

  it('lists the parked events and has the running subscription retry them in order', async () => {
    const sql = createPgSqlClient(database.url);
    await store.appendToStream(
      'thing-a',
      [1, 2, 3].map((n) => ({ type: 'Happened', data: { n } })),
    );
    let fixed = false;
    const handled: number[] = [];
    subscription = await startStoredSubscription(sql, store, {
      name: 'things',
      streamNamePrefixes: ['thing-'],
      retryDelayMs: 10,
      maxAttempts: 2,
      parkedRetryPollMs: 50,
      logger: quiet,
      onEvent: async (event: RecordedEvent) => {
        const { n } = event.data as { n: number };
        if (n === 2 && !fixed) throw new Error('cannot handle 2 yet');
        handled.push(n);
      },
    });
    const parked = new ParkedEvents(sql);
    await eventually(async () => ((await parked.count()) === 2 ? true : undefined));

    const listed = await replay('parked', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/things .*Happened #1 of thing-a .*attempts 2 .*cannot handle 2 yet/);
    expect(listed.stdout).toMatch(/Happened #2 of thing-a .*behind /);
    expect(listed.stdout).toContain('2 parked events');
    const json = JSON.parse((await replay('parked', 'list', '--json')).stdout) as { event: { id: string } }[];
    expect(json).toHaveLength(2);

    fixed = true;
    const retried = await replay('parked', 'retry', '--event', json[0].event.id);
    expect(retried.code).toBe(0);
    expect(retried.stdout).toMatch(/^2 parked events to retry/);
    await eventually(async () => ((await parked.count()) === 0 ? true : undefined));
    expect(handled).toEqual([1, 2, 3]);
    expect((await replay('parked', 'retry')).code).toBe(1);
    expect((await replay('parked', 'list')).stdout).toContain('0 parked events');
  }, 120_000);
});
