import { BATCH_NOT_FOUND_MESSAGE, NotFound } from '@shipping/contracts-core';
import { type BatchEvent, type BatchItemSubmission, ITEM_BYTES_PER_EVENT } from './batch-events';
import { batchDecider } from './batch-decider';
import { ACCOUNT, BATCH, createBatch, item, now } from './batch-history.fixture';
import { batchCreatedV1ToV2, batchCreatedV2ToV3 } from './batch-upcasters';
import { jsonBytes } from './item-chunks';

/** 1,000 shipments of about 4 KB each: what a request at the 4 MB body limit carries. */
const large = (count = 1_000): BatchItemSubmission[] =>
  Array.from({ length: count }, (_, index) => ({
    item_id: item(index),
    index,
    shipment: { to_address: { name: `Receiver ${index}`.padEnd(4_000, '.') } },
  }));

const fold = (events: BatchEvent[]) => events.reduce(batchDecider.evolve, batchDecider.initialState);
const itemsOf = (event: BatchEvent) =>
  event.type === 'BatchCreated' || event.type === 'BatchItemsAdded' ? event.data.items : [];

describe('creating a batch larger than one event holds', () => {
  const items = large();
  const events = batchDecider.decide(createBatch(items), batchDecider.initialState);

  it('records BatchCreated with the first items and the count, then BatchItemsAdded, in index order', () => {
    expect(events[0]).toMatchObject({ type: 'BatchCreated', data: { item_count: 1_000 } });
    expect(events.slice(1).every((event) => event.type === 'BatchItemsAdded')).toBe(true);
    expect(events.flatMap(itemsOf)).toEqual(items);
    let submitted = 0;
    for (const event of events) {
      submitted += itemsOf(event).length;
      expect(jsonBytes(itemsOf(event))).toBeLessThanOrEqual(ITEM_BYTES_PER_EVENT);
      if (event.type === 'BatchItemsAdded') expect(event.data.submitted_count).toBe(submitted);
    }
    expect(events.length).toBeGreaterThanOrEqual(8);
  });

  it('is validating only once every item is recorded, and not found to ship before that', () => {
    const partly = fold(events.slice(0, 3));
    expect(partly).toMatchObject({ status: 'creating', itemCount: 1_000 });
    expect(
      batchDecider.decide({ type: 'RecordValidation', batchId: BATCH, results: [], now }, partly),
    ).toEqual([]);
    expect(() =>
      batchDecider.decide({ type: 'ShipBatch', batchId: BATCH, accountId: ACCOUNT, now }, partly),
    ).toThrow(new NotFound(BATCH_NOT_FOUND_MESSAGE));

    const whole = fold(events);
    expect(whole.status).toBe('validating');
    expect(whole.status !== 'none' && whole.items.map((pending) => pending.id)).toEqual(
      items.map((i) => i.item_id),
    );
  });

  it('decides only the items not recorded yet when the same command meets a write cut short', () => {
    const rest = batchDecider.decide(createBatch(items), fold(events.slice(0, 3)));
    expect(rest).toEqual(events.slice(3));
    expect(fold([...events.slice(0, 3), ...rest]).status).toBe('validating');
  });

  it('keeps a batch that fits in one event as one BatchCreated with all its items', () => {
    const small = large(50);
    expect(batchDecider.decide(createBatch(small), batchDecider.initialState)).toEqual([
      expect.objectContaining({
        type: 'BatchCreated',
        data: expect.objectContaining({ item_count: 50, items: small }),
      }),
    ]);
  });
});

describe('BatchCreated version 1', () => {
  it('reads as version 2 counting the items it holds, all of them', () => {
    const v1 = { batch_id: BATCH, account_id: ACCOUNT, items: large(3), at: now };
    expect(batchCreatedV1ToV2(v1)).toEqual({ ...v1, item_count: 3 });
  });
});

describe('BatchCreated version 2', () => {
  it("reads as version 3: a test batch of its service's carrier on the merchant's own integration", () => {
    const v2 = {
      batch_id: BATCH,
      account_id: ACCOUNT,
      service: 'USPS-1',
      item_count: 1,
      items: large(1),
      at: now,
    };
    expect(batchCreatedV2ToV3(v2)).toEqual({
      ...v2,
      shipper: { carrier: 'usps', integration: 'own' },
      key_mode: 'test',
    });
  });
});
