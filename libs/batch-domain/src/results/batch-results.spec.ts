import {
  batchCompleted,
  completed,
  created,
  failed,
  invalidated,
  merged,
  processingBatch,
  validated,
} from '../batches/batch-history.fixture';
import type { BatchEvent } from '../batches/batch-events';
import { batchDecider } from '../batches/batch-decider';
import { batchResults, completionPercentage, NO_ITEMS } from './batch-results';

const resultsAfter = (events: BatchEvent[]) =>
  batchResults(events.reduce(batchDecider.evolve, batchDecider.initialState));

describe('completion percentage: finished (completed or failed) shipped items, rounded down', () => {
  it.each([
    [0, 0, '0%'],
    [0, 3, '0%'],
    [1, 3, '33%'],
    [2, 3, '66%'],
    [3, 3, '100%'],
    [299, 300, '99%'],
    [3, 10, '30%'],
  ])('%p of %p shipped is %p', (finished, shipped, expected) => {
    expect(completionPercentage(finished, shipped)).toBe(expected);
  });
});

describe('batch results', () => {
  it('counts items awaiting validation in the total only', () => {
    expect(resultsAfter([created(4), validated(0, 995), invalidated(1)])).toEqual({
      total_count: 4,
      valid_count: 1,
      invalid_count: 1,
      completed_count: 0,
      failed_count: 0,
      completion_percentage: '0%',
    });
  });

  it('moves finished items from valid to completed or failed while processing', () => {
    expect(resultsAfter([...processingBatch([995, 995, 995]), completed(0, 995), failed(2, 995)])).toEqual({
      total_count: 3,
      valid_count: 1,
      invalid_count: 0,
      completed_count: 1,
      failed_count: 1,
      completion_percentage: '66%',
    });
  });

  it('is 100% once completed', () => {
    const history = [
      ...processingBatch([995, 995]),
      completed(0, 995),
      failed(1, 995),
      merged([]),
      batchCompleted(1, 1),
    ];
    expect(resultsAfter(history).completion_percentage).toBe('100%');
  });

  it('reads counts a read model keeps', () => {
    expect(batchResults({ ...NO_ITEMS, total: 10, completed: 2, failed: 1, valid: 7, shipped: 10 })).toEqual({
      total_count: 10,
      valid_count: 7,
      invalid_count: 0,
      completed_count: 2,
      failed_count: 1,
      completion_percentage: '30%',
    });
  });

  it('is all zero for a batch that does not exist', () => {
    expect(resultsAfter([]).total_count).toBe(0);
  });
});
