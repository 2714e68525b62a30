import type { Logger } from '@nestjs/common';
import {
  createPgliteSqlClient,
  PostgresEventStore,
  type RecordedEvent,
  type SqlClient,
} from '@shipping/event-store';
import { startStoredSubscription } from './stored-subscription';

const quiet = { error: () => undefined } as unknown as Logger;

describe('stored subscription', () => {
  let sql: SqlClient;
  let store: PostgresEventStore;

  beforeEach(async () => {
    sql = await createPgliteSqlClient();
    store = new PostgresEventStore(sql, { pollIntervalMs: 10 });
    await store.init();
  });

  afterEach(() => store.close());

  it('starts again from its checkpoint after a handler failed, until the event goes through', async () => {
    await store.appendToStream(
      'thing-1',
      [1, 2, 3].map((n) => ({ type: 'Happened', data: { n } })),
    );
    let failures = 2;
    const handled: number[] = [];
    const subscription = await startStoredSubscription(sql, store, {
      name: 'flaky',
      streamNamePrefixes: ['thing-'],
      retryDelayMs: 10,
      logger: quiet,
      onEvent: async (event: RecordedEvent) => {
        const n = (event.data as { n: number }).n;
        if (n === 2 && failures-- > 0) throw new Error('the other app is not answering');
        handled.push(n);
      },
    });
    const deadline = Date.now() + 5_000;
    while (handled.length < 3 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    await subscription.stop();
    expect(handled).toEqual([1, 2, 3]);
    expect(failures).toBe(-1);
  });
});
