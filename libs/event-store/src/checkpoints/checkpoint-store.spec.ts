import { InMemoryCheckpointStore } from './checkpoint-store';

describe('InMemoryCheckpointStore', () => {
  it('moves a checkpoint forward only, like the SQL store', async () => {
    const checkpoints = new InMemoryCheckpointStore();
    await checkpoints.store('a', { commit: 6n, prepare: 1n });
    await checkpoints.store('a', { commit: 5n, prepare: 900n });
    await checkpoints.store('a', { commit: 6n, prepare: 0n });
    expect(await checkpoints.load('a')).toEqual({ commit: 6n, prepare: 1n });

    await checkpoints.store('a', { commit: 7n, prepare: 0n });
    expect(await checkpoints.load('a')).toEqual({ commit: 7n, prepare: 0n });
  });
});
