import { type BatchEvent } from './batch-events';
import { completed, failed, item, processingBatch, readyBatch, shipmentOf } from './batch-history.fixture';
import { type BatchState, initialBatchState } from './batch-state';
import { evolveBatch } from './evolve-batch';
import { failedItems, pendingLabelItems, serviceOf } from './labeling-state';

const fold = (events: BatchEvent[]): BatchState => events.reduce(evolveBatch, initialBatchState);

describe('what is left to label in a batch', () => {
  it('labels the shipped items neither bought nor refused yet, in item order', () => {
    const state = fold([...processingBatch([500, 600, 700]), completed(0, 500), failed(2, 700)]);
    expect(pendingLabelItems(state)).toEqual([{ item_id: item(1), shipment: shipmentOf(1) }]);
    expect(failedItems(state)).toEqual([{ item_id: item(2), refund_cents: 700 }]);
  });

  it('labels nothing before the batch is shipped', () => {
    const state = fold(readyBatch([500]));
    expect(pendingLabelItems(state)).toEqual([]);
    expect(failedItems(state)).toEqual([]);
  });

  it('names no service for a batch that does not exist', () => {
    expect(serviceOf(initialBatchState)).toBe('');
    expect(serviceOf(fold(readyBatch([500])))).toBe('USPS-1');
  });
});
