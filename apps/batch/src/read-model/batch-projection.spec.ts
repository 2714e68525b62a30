import { type BatchEvent, batchStreamName, projectBatchSummary } from '@shipping/batch-domain';
import type { RecordedEvent } from '@shipping/event-store';
import { batchLife } from './batch-events.fixture';
import { foldBatchEvents, type ProjectedBatch } from './batch-projection';

const BATCH = 'b-fold';

/** The events as read from the batch's stream, revisions from `from` on. */
const recorded = (events: BatchEvent[], from = 0): RecordedEvent[] =>
  events.map((event, n) => {
    const revision = BigInt(from + n);
    return {
      id: `event-${revision}`,
      streamName: batchStreamName(BATCH),
      revision,
      position: { commit: revision, prepare: revision },
      type: event.type,
      version: 1,
      data: event.data,
      metadata: { accountId: 'acct_fold', correlationId: 'c', causationId: 'c' },
      createdAt: new Date(0),
    };
  });

/** A fold that projects something. */
const fold = (...args: Parameters<typeof foldBatchEvents>): ProjectedBatch => {
  const projected = foldBatchEvents(...args);
  if (!projected) throw new Error('nothing projected');
  return projected;
};

describe('foldBatchEvents', () => {
  const life = batchLife(BATCH, 'acct_fold');
  /** Revisions 0 to 4: created, three items validated, ready. */
  const ready = recorded([life.created, ...life.validated, life.ready]);
  /** Revisions 5 to 7: shipped, item 0 completed, then item 1. */
  const shipping = recorded([life.shipped, life.completed(0), life.completed(1)], 5);

  it('gives each item row the revision of the event that last wrote it', () => {
    const projected = fold(BATCH, {}, [...ready, ...shipping]);

    expect(projected.revision).toBe(7n);
    expect([...projected.items.values()]).toEqual([
      expect.objectContaining({ item_id: life.itemIds[0], status: 'completed', revision: 6n }),
      expect.objectContaining({ item_id: life.itemIds[1], status: 'completed', revision: 7n }),
      expect.objectContaining({ item_id: life.itemIds[2], status: 'valid', revision: 3n }),
    ]);
    expect(projected.items.get(life.itemIds[0])).toEqual({
      batch_id: BATCH,
      item_id: life.itemIds[0],
      index: 0,
      status: 'completed',
      errors: null,
      main_tracking_number: '94000',
      revision: 6n,
    });
  });

  it('leaves the rows and summary it returned unchanged when later events are folded onto them', () => {
    const first = fold(BATCH, {}, ready);
    const rowsBefore = new Map([...first.items].map(([id, row]) => [id, row]));
    const copies = structuredClone([...first.items.values()]);
    const summaryBefore = structuredClone(first.summary);

    const next = fold(BATCH, { summary: first.summary, items: first.items }, shipping);

    // Item 2 has no later event: the same row, as it was. Items 0 and 1 get new rows.
    expect(next.items.get(life.itemIds[2])).toBe(rowsBefore.get(life.itemIds[2]));
    expect(next.items.get(life.itemIds[0])).not.toBe(rowsBefore.get(life.itemIds[0]));
    expect([...rowsBefore.values()]).toEqual(copies);
    expect(first.summary).toEqual(summaryBefore);
    expect(next.items.get(life.itemIds[0])).toMatchObject({ status: 'completed', revision: 6n });
  });

  it('ends where one fold of the whole stream ends, whatever the split', () => {
    const whole = fold(BATCH, {}, [...ready, ...shipping]);
    for (let at = 1; at < 8; at++) {
      const events = [...ready, ...shipping];
      const head = fold(BATCH, {}, events.slice(0, at));
      const tail = fold(BATCH, { summary: head.summary, items: head.items }, events.slice(at));
      expect(tail).toEqual(whole);
    }
    expect(whole.summary).toEqual(
      [
        life.created,
        ...life.validated,
        life.ready,
        life.shipped,
        life.completed(0),
        life.completed(1),
      ].reduce(projectBatchSummary, undefined),
    );
  });

  it('passes over events of other types and projects nothing from none', () => {
    const other = { ...recorded([life.ready], 5)[0], type: 'SomethingElse' };
    expect(foldBatchEvents(BATCH, {}, [])).toBeUndefined();
    expect(foldBatchEvents(BATCH, {}, [other])).toBeUndefined();
    expect(foldBatchEvents(BATCH, {}, [...ready, other])?.revision).toBe(4n);
  });
});
