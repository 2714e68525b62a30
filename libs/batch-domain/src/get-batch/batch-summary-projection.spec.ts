import {
  ACCOUNT,
  BATCH,
  batchCompleted,
  batchValidated,
  completed,
  created,
  failed,
  invalidated,
  item,
  merged,
  processingBatch,
  validated,
} from '../batches/batch-history.fixture';
import { BATCH_EVENT_TYPES, type BatchEvent } from '../batches/batch-events';
import { batchDecider } from '../batches/batch-decider';
import { batchResults } from '../results/batch-results';
import { BATCH_SUMMARY_HANDLES, type BatchSummaryRow, projectBatchSummary } from './batch-summary-projection';

const project = (events: BatchEvent[]) =>
  events.reduce<BatchSummaryRow | undefined>(projectBatchSummary, undefined) as BatchSummaryRow;

const file = (number: number) => ({
  file: number,
  key: `merged/${BATCH}-${number}.pdf`,
  item_ids: [item(number - 1)],
});
const lifecycle: BatchEvent[] = [
  ...processingBatch([995, 1165, 2480]),
  completed(0, 995),
  failed(1, 1165),
  completed(2, 2480),
  merged([file(2), file(1)]),
  batchCompleted(2, 1),
];
const invalidHistory: BatchEvent[] = [
  created(3),
  validated(0, 995),
  invalidated(2),
  invalidated(1),
  batchValidated('invalid', 1, 2),
];

describe('batch summary projection', () => {
  it('starts a validating row from BatchCreated', () => {
    expect(project([created(3)])).toEqual({
      id: BATCH,
      account_id: ACCOUNT,
      mode: 'test',
      status: 'validating',
      default_service: 'USPS-1',
      default_shipper_id: 'shp1',
      counts: { total: 3, valid: 0, invalid: 0, completed: 0, failed: 0, shipped: 0 },
      label_keys: [],
      created_at: '2026-11-21T10:00:00.000Z',
    });
  });

  it('keeps the mode of the key that created the batch through every later event', () => {
    expect(project([created(1, 'live'), validated(0, 995), batchValidated('ready', 1, 0)]).mode).toBe('live');
  });

  it('takes the status of the validation', () => {
    const row = project([created(2), validated(0, 995), invalidated(1), batchValidated('invalid', 1, 1)]);
    expect([row.status, row.counts.valid, row.counts.invalid]).toEqual(['invalid', 1, 1]);
  });

  it('keeps the label file keys in file order once merged', () => {
    expect(project(lifecycle).label_keys).toEqual([`merged/${BATCH}-1.pdf`, `merged/${BATCH}-2.pdf`]);
    expect(project(lifecycle.slice(0, -2)).label_keys).toEqual([]);
  });

  const prefixes = (name: string, history: BatchEvent[]) =>
    history.map((_, count): [string, number, BatchEvent[]] => [name, count + 1, history.slice(0, count + 1)]);

  it.each([...prefixes('shipped', lifecycle), ...prefixes('invalid', invalidHistory)])(
    'gives the same results and status as the batch itself (%s, after %p events)',
    (_name, _count, events) => {
      expect(batchResults(project(events).counts)).toEqual(
        batchResults(events.reduce(batchDecider.evolve, batchDecider.initialState)),
      );
      expect(project(events).status).toBe(
        events.reduce(batchDecider.evolve, batchDecider.initialState).status,
      );
    },
  );

  it('handles every batch event type', () => {
    expect([...BATCH_SUMMARY_HANDLES].sort()).toEqual([...BATCH_EVENT_TYPES].sort());
  });

  it('refuses an event of a batch it has no row for', () => {
    expect(() => projectBatchSummary(undefined, validated(0, 995))).toThrow('before its BatchCreated');
  });
});
