import { createPgliteSqlClient } from '../postgres/pglite-sql-client';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import type { RecordedEvent } from '../event-store';
import { InMemoryCheckpointStore } from './checkpoint-store';
import { startCheckpointedSubscription } from './checkpointed-subscription';

describe('checkpointed subscription batching', () => {
  let store: PostgresEventStore;

  beforeEach(async () => {
    store = new PostgresEventStore(await createPgliteSqlClient(), { pollIntervalMs: 10 });
    await store.init();
  });

  afterEach(() => store.close());

  const append = (count: number) =>
    store.appendToStream(
      'burst-1',
      Array.from({ length: count }, (_, n) => ({ type: 'Happened', data: { n } })),
    );

  it('stores the checkpoint every N events and the rest on stop', async () => {
    await append(25);
    const checkpoints = new InMemoryCheckpointStore();
    const stored: unknown[] = [];
    const original = checkpoints.store.bind(checkpoints);
    checkpoints.store = async (name, position) => {
      stored.push(position);
      await original(name, position);
    };
    const seen: RecordedEvent[] = [];
    const subscription = await startCheckpointedSubscription({
      store,
      checkpoints,
      name: 'burst',
      checkpointEvery: 10,
      checkpointIntervalMs: 60_000,
      onEvent: async (event) => void seen.push(event),
    });
    await subscription.caughtUp;
    // 10th and 20th event, then the rest when caught up.
    expect(stored).toEqual([seen[9].position, seen[19].position, seen[24].position]);
    await append(3);
    await new Promise((done) => setTimeout(done, 100));
    expect(stored).toHaveLength(3);
    await subscription.stop();
    expect(stored).toEqual([seen[9].position, seen[19].position, seen[24].position, seen[27].position]);
    expect(await checkpoints.load('burst')).toEqual(seen[27].position);
  });
});
