import { threadId } from 'node:worker_threads';
import { labelShipment } from '../testing/label-shipment.fixture';
import { documentTexts } from '../testing/pdf-text';
import type { LabelDrawing } from '../rendering/label-drawing';
import { LABEL_WORKER_YOUNG_GENERATION_MB, LabelWorkerPool } from './label-worker-pool';

const drawing = (index: number): LabelDrawing => ({
  tracking_number: `9400${String(index).padStart(18, '0')}`,
  service_code: 'USPS-1',
  service_name: 'USPS Priority Mail',
  shipment: labelShipment(),
});

describe('the label worker pool', () => {
  let pool: LabelWorkerPool;

  beforeAll(() => {
    pool = new LabelWorkerPool(2);
  });
  afterAll(() => pool.close());

  it('renders off the main thread, on every thread of the pool', async () => {
    expect(threadId).toBe(0);
    const labels = await Promise.all(Array.from({ length: 200 }, (_, index) => pool.render(drawing(index))));
    expect(labels.every((label) => label.threadId !== 0)).toBe(true);
    expect(new Set(labels.map((label) => label.threadId)).size).toBe(2);
    expect((await documentTexts(labels[199].pdf))[0]).toContain(drawing(199).tracking_number);
  });

  it('starts every thread with a small young generation', async () => {
    await pool.render(drawing(0));

    const limits = pool.threadResourceLimits();
    expect(limits).toHaveLength(2);
    expect(limits.every((limit) => limit.maxYoungGenerationSizeMb === LABEL_WORKER_YOUNG_GENERATION_MB)).toBe(
      true,
    );
  });

  it('merges label bytes in the given order', async () => {
    const labels = await Promise.all([3, 1, 2].map((index) => pool.render(drawing(index))));
    const merged = await pool.mergeBytes({ sources: labels.map((label) => label.pdf) });
    expect(merged.pages).toBe(3);
    expect(merged.threadId).not.toBe(0);
    const tracking = (await documentTexts(merged.pdf)).map((texts) =>
      texts.find((text) => text.startsWith('9400')),
    );
    expect(tracking).toEqual([3, 1, 2].map((index) => drawing(index).tracking_number));
  });

  it('runs queued work in the order it was given, so an earlier batch chunk is done first', async () => {
    // One thread finishes work in the order it starts it, so the order of results is the queue's order.
    const single = new LabelWorkerPool(1);
    try {
      const finished: number[] = [];
      const queued = Array.from({ length: 60 }, (_, index) =>
        single.render(drawing(index)).then(() => finished.push(index)),
      );
      await Promise.all(queued);
      expect(finished).toEqual(Array.from({ length: 60 }, (_, index) => index));
    } finally {
      await single.close();
    }
  });

  it('hands a thread several tasks at once, so it keeps drawing while the main thread is busy', async () => {
    const single = new LabelWorkerPool(1);
    try {
      await single.render(drawing(0));
      let done = 0;
      const queued = Array.from({ length: 12 }, (_, index) =>
        single.render(drawing(index)).then(() => done++),
      );
      const blockedUntil = Date.now() + 500;
      while (Date.now() < blockedUntil) {
        // The main thread is busy: it hands the thread no new task meanwhile.
      }
      await new Promise((resolve) => setImmediate(resolve));

      // With one task at a time only the first could have been drawn during the block; had the
      // thread been handed all twelve, all would be. Results that reach the main thread after the
      // block free slots the thread fills at once, so a loaded machine may count one or two more
      // than TASKS_HELD_PER_THREAD before the check runs.
      expect(done).toBeGreaterThanOrEqual(2);
      expect(done).toBeLessThan(queued.length);
      await Promise.all(queued);
    } finally {
      await single.close();
    }
  });

  it('refuses a pool without threads', () => {
    expect(() => new LabelWorkerPool(0)).toThrow(RangeError);
  });

  it('closes cleanly, after which it takes no work', async () => {
    const own = new LabelWorkerPool(1);
    const pending = own.render(drawing(1));
    await own.close();
    expect((await pending).pdf.byteLength).toBeGreaterThan(1000);
    await expect(own.render(drawing(2))).rejects.toThrow('The label worker pool is closed.');
    await own.close();
  });
});
