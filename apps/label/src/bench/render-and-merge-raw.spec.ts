import { availableParallelism } from 'node:os';
import { labelShipment } from '../testing/label-shipment.fixture';
import { LabelWorkerPool } from '../workers/label-worker-pool';
import { renderAndMergeRaw } from './render-and-merge-raw';

describe('the raw pdf-lib benchmark', () => {
  it('renders the labels and merges them into files of 100 on a given pool, with timings', async () => {
    const pool = new LabelWorkerPool(2);
    try {
      const timings = await renderAndMergeRaw(150, labelShipment(), pool);
      expect(timings).toMatchObject({ labels: 150, files: 2, workers: 2, warmUpMs: 0 });
      expect(timings.renderMs).toBeGreaterThan(0);
      expect(timings.mergeMs).toBeGreaterThan(0);
      expect(timings.totalMs).toBeCloseTo(timings.renderMs + timings.mergeMs, 0);
      expect(timings.mergedBytes).toBeGreaterThan(150 * 1000);
      await expect(
        pool.render({
          tracking_number: '1',
          service_code: 'USPS-1',
          service_name: 'x',
          shipment: labelShipment(),
        }),
      ).resolves.toBeDefined();
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('starts, warms and closes a pool of one thread per CPU when none is given', async () => {
    const timings = await renderAndMergeRaw(10, labelShipment());
    expect(timings).toMatchObject({ labels: 10, files: 1, workers: availableParallelism() });
    expect(timings.warmUpMs).toBeGreaterThan(0);
  }, 60_000);
});
