import type { RecordedEvent } from '../event-store';
import type { PostgresEventStore } from '../postgres/postgres-event-store';
import { inMemorySchemas } from '../testing/in-memory-schemas';
import { Upcasters } from './upcasters';
import { adapterOf, UpcastingEventStore } from './upcasting-event-store';

describe('an event store that reads every event in its latest version', () => {
  let adapter: PostgresEventStore;
  let store: UpcastingEventStore;
  const upcasters = new Upcasters([
    {
      type: 'ParcelWeighed',
      fromVersion: 1,
      upcast: (data) => ({ grams: Math.round((data as { kg: number }).kg * 1000) }),
    },
  ]);

  // Each spec a schema of its own on one database: the stored rows and $all start empty.
  const memory = inMemorySchemas();

  beforeEach(async () => {
    adapter = await memory.openStore({ pollIntervalMs: 10 });
    store = new UpcastingEventStore(adapter, upcasters);
    await adapter.appendToStream('parcel-1', [
      { type: 'ParcelWeighed', version: 1, data: { kg: 1.25 } },
      { type: 'ParcelLabelled', data: { tracking: 'T1' } },
    ]);
  });

  afterEach(() => store.close());

  const shapes = (events: RecordedEvent[]) =>
    events.map(({ type, version, data }) => ({ type, version, data }));
  const upcast = [
    { type: 'ParcelWeighed', version: 2, data: { grams: 1250 } },
    { type: 'ParcelLabelled', version: 1, data: { tracking: 'T1' } },
  ];

  it('upcasts what streams and $all hand out, and leaves the stored rows as they were', async () => {
    expect(shapes(await store.readStream('parcel-1'))).toEqual(upcast);
    expect(shapes(await store.readAll())).toEqual(upcast);
    expect(shapes(await store.readStream('parcel-1', { direction: 'backwards' }))).toEqual(
      [...upcast].reverse(),
    );
    expect(shapes(await adapter.readStream('parcel-1'))[0]).toEqual({
      type: 'ParcelWeighed',
      version: 1,
      data: { kg: 1.25 },
    });
  });

  it('upcasts what a subscription hands to its handler', async () => {
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ onEvent: async (event) => void seen.push(event) });
    await subscription.caughtUp;
    await subscription.stop();
    expect(shapes(seen)).toEqual(upcast);
  });

  it('writes an event appended without a version as its type latest version, and keeps an explicit one', async () => {
    await store.appendToStream('parcel-1', [
      { type: 'ParcelWeighed', data: { grams: 900 } },
      { type: 'ParcelLabelled', data: { tracking: 'T2' } },
    ]);
    await store.appendToStream('parcel-2', [{ type: 'ParcelWeighed', version: 1, data: { kg: 2 } }]);
    const stored = await adapter.readAll();
    expect(stored.map(({ streamName, version }) => [streamName, version])).toEqual([
      ['parcel-1', 1],
      ['parcel-1', 1],
      ['parcel-1', 2],
      ['parcel-1', 1],
      ['parcel-2', 1],
    ]);
    expect((await store.readStream('parcel-2'))[0].data).toEqual({ grams: 2000 });
  });

  it('is an event store over the adapter that owns the connection', () => {
    expect(adapterOf(store)).toBe(adapter);
    expect(adapterOf(new UpcastingEventStore(store, upcasters))).toBe(adapter);
  });
});
