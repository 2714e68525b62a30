import type { RecordedEvent } from '@shipping/event-store';
import { StreamKeyModes } from './stream-key-modes';

const recorded = (streamName: string, revision: number, data: unknown): RecordedEvent => ({
  id: `${streamName}@${revision}`,
  streamName,
  revision: BigInt(revision),
  position: { commit: BigInt(revision), prepare: BigInt(revision) },
  type: revision === 0 ? 'BatchCreated' : 'ItemCompleted',
  version: 1,
  data,
  metadata: {},
  createdAt: new Date('2026-11-28T10:00:00.000Z'),
});

/** A store of the given streams that counts its reads. */
const storeOf = (streams: Record<string, RecordedEvent[]>) => {
  const reads: string[] = [];
  return {
    reads,
    readStream: async (streamName: string, options?: { maxCount?: number }) => {
      reads.push(streamName);
      return (streams[streamName] ?? []).slice(0, options?.maxCount);
    },
  };
};

describe("a published stream's key mode", () => {
  const live = recorded('batch-L', 0, { batch_id: 'L', key_mode: 'live' });
  const test = recorded('batch-T', 0, { batch_id: 'T', key_mode: 'test' });
  const old = recorded('batch-O', 0, { batch_id: 'O' });

  it('is the key_mode an event records, without reading the store', async () => {
    const store = storeOf({});
    const modes = new StreamKeyModes(store);
    expect([await modes.of(live), await modes.of(test)]).toEqual(['live', 'test']);
    expect(store.reads).toEqual([]);
  });

  it("of an event that records none is its stream's first event's, read once per stream", async () => {
    const store = storeOf({ 'batch-L': [live], 'batch-T': [test] });
    const modes = new StreamKeyModes(store);
    const later = (event: RecordedEvent, revision: number) =>
      recorded(event.streamName, revision, { item_id: `i${revision}` });
    expect([
      await modes.of(later(live, 1)),
      await modes.of(later(live, 2)),
      await modes.of(later(test, 1)),
    ]).toEqual(['live', 'live', 'test']);
    expect(store.reads).toEqual(['batch-L', 'batch-T']);
  });

  it('is test for a stream whose first event records no mode (written before keys had modes)', async () => {
    const modes = new StreamKeyModes(storeOf({ 'batch-O': [old] }));
    expect(await modes.of(recorded('batch-O', 1, { item_id: 'x' }))).toBe('test');
  });
});
