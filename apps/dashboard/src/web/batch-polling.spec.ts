import { batchPollDelay, statusChanges } from './batch-polling';

describe('batch polling', () => {
  it('reloads every second while a batch validates or processes, every five while one is ready', () => {
    expect(batchPollDelay(['completed', 'processing', 'ready'])).toBe(1_000);
    expect(batchPollDelay(['validating'])).toBe(1_000);
    expect(batchPollDelay(['ready', 'invalid'])).toBe(5_000);
  });

  it('stops when no batch can change on its own', () => {
    expect(batchPollDelay(['completed', 'invalid'])).toBeUndefined();
    expect(batchPollDelay([])).toBeUndefined();
  });

  it('announces only the batches whose status moved', () => {
    const before = [
      { id: 'a', status: 'processing' as const },
      { id: 'b', status: 'ready' as const },
    ];
    const after = [
      { id: 'c', status: 'validating' as const },
      { id: 'a', status: 'completed' as const },
      { id: 'b', status: 'ready' as const },
    ];
    expect(statusChanges(before, after)).toEqual(['Batch a is now completed.']);
  });
});
