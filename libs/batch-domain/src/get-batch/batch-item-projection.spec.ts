import {
  BATCH,
  batchCompleted,
  batchValidated,
  completed,
  created,
  errors,
  failed,
  invalidated,
  item,
  merged,
  shipped,
  validated,
} from '../batches/batch-history.fixture';
import { BATCH_ITEMS_HANDLES, projectBatchItemRow } from './batch-item-projection';

const row = { batch_id: BATCH, item_id: item(4), index: 4, errors: null, main_tracking_number: null };

describe('batch item rows projection', () => {
  it('lists an item once it is validated, as valid', () => {
    expect(projectBatchItemRow(validated(4, 995), 1n)).toEqual({ ...row, status: 'valid', revision: 1n });
  });

  it('lists an invalid item with its errors', () => {
    expect(projectBatchItemRow(invalidated(4), 1n)).toEqual({
      ...row,
      status: 'invalid',
      errors,
      revision: 1n,
    });
  });

  it('gives a completed item its tracking number', () => {
    expect(projectBatchItemRow(completed(4, 995), 1n)).toEqual({
      ...row,
      status: 'completed',
      main_tracking_number: 'TRK4',
      revision: 1n,
    });
  });

  it('lists a failed item without errors or tracking number', () => {
    expect(projectBatchItemRow(failed(4, 995), 1n)).toEqual({ ...row, status: 'failed', revision: 1n });
  });

  it('writes rows for exactly the item events it lists: none for an item awaiting validation, none for the batch', () => {
    const oneOfEach = [
      created(5),
      validated(0, 995),
      invalidated(1),
      batchValidated('ready', 5, 0),
      shipped(995, [item(0)]),
      completed(0, 995),
      failed(2, 995),
      merged([]),
      batchCompleted(1, 1),
    ];
    const writing = oneOfEach
      .filter((event) => projectBatchItemRow(event, 0n) !== undefined)
      .map((event) => event.type);
    expect(writing).toEqual(BATCH_ITEMS_HANDLES);
  });

  it('gives each row the revision it is projected at, and the same keys in the same order for every event', () => {
    const rows = [validated(4, 995), invalidated(4), completed(4, 995), failed(4, 995)].map((event, n) =>
      projectBatchItemRow(event, BigInt(10 + n)),
    );
    expect(rows).toEqual([
      { ...row, status: 'valid', revision: 10n },
      { ...row, status: 'invalid', errors, revision: 11n },
      { ...row, status: 'completed', main_tracking_number: 'TRK4', revision: 12n },
      { ...row, status: 'failed', revision: 13n },
    ]);
    const keys = ['batch_id', 'item_id', 'index', 'status', 'errors', 'main_tracking_number', 'revision'];
    for (const projected of rows) expect(Object.keys(projected ?? {})).toEqual(keys);
  });

  it('builds a new row each time, and none for an event of the batch', () => {
    const event = completed(4, 995);
    expect(projectBatchItemRow(event, 7n)).not.toBe(projectBatchItemRow(event, 7n));
    expect(projectBatchItemRow(shipped(995, [item(4)]), 5n)).toBeUndefined();
    expect(projectBatchItemRow(event, 7n)).toEqual({
      ...row,
      status: 'completed',
      main_tracking_number: 'TRK4',
      revision: 7n,
    });
  });
});
