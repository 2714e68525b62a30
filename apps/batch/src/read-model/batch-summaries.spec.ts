import type { BatchSummaryRow } from '@shipping/batch-domain';
import { BatchSummaries, type StoredSummary } from './batch-summaries';

const stored = (revision: number): StoredSummary => ({
  accountId: 'acct',
  revision: String(revision),
  doc: { id: 'b-1' } as BatchSummaryRow,
});

describe('batch summaries cache', () => {
  it('loads a row once, then answers from memory until the read model writes the batch again', async () => {
    const summaries = new BatchSummaries(10);
    const load = jest.fn(async () => stored(1));

    await summaries.read('b-1', load);
    await expect(summaries.read('b-1', load)).resolves.toEqual(stored(1));
    expect(load).toHaveBeenCalledTimes(1);

    summaries.written('b-1');
    load.mockResolvedValue(stored(2));
    await expect(summaries.read('b-1', load)).resolves.toEqual(stored(2));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a row loaded while a write committed: it may be the older one', async () => {
    const summaries = new BatchSummaries(10);
    const load = jest.fn(async () => {
      summaries.written('b-2');
      return stored(1);
    });

    await expect(summaries.read('b-1', load)).resolves.toEqual(stored(1));
    load.mockResolvedValue(stored(1));
    await summaries.read('b-1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps no missing batch', async () => {
    const summaries = new BatchSummaries(10);
    const load = jest.fn(async () => undefined);
    await summaries.read('nope', load);
    await summaries.read('nope', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
