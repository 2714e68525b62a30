import type { OnModuleDestroy } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import type { ResourceLimits } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { LabelDrawing } from '../rendering/label-drawing';
import { compiledWorkerFile } from './compiled-worker';
import type { MergeBytesTask, MergedBytes, RenderedLabel } from './label-tasks';

const WORKER_SOURCE = join(__dirname, `label-worker${extname(__filename)}`);

/** Run from TypeScript (`npm start`, Jest), the worker is compiled once rather than hooked per thread. */
const workerFile = () => (WORKER_SOURCE.endsWith('.ts') ? compiledWorkerFile(WORKER_SOURCE) : WORKER_SOURCE);

export const defaultLabelWorkers = (): number => availableParallelism();

/**
 * Each thread's young generation, in MB. Drawing a label makes short-lived garbage only, and with
 * V8's default for a thread (48 MB) each thread held tens of MB of it. Side by side, 1,000 labels
 * drawn and merged on two threads peaked at 227-234 MB with 6 MB and 304-307 MB with the default,
 * in 1.60-1.78 s against 1.61-2.00 s. A V8 flag on the process's command line or in NODE_OPTIONS
 * (`--max-semi-space-size`, `--max-old-space-size`) applies to the threads too, over these limits.
 */
export const LABEL_WORKER_YOUNG_GENERATION_MB = 6;

/**
 * Tasks a thread holds at once. It still works through them one after another, in order; holding
 * the next ones lets it go on while the main thread is busy (on PGlite the SQL of recording a
 * chunk runs there, tens of ms at a time) instead of waiting for the main thread to hand it each
 * task. Side by side over five runs, a first batch shipped in 2.54-2.89 s against 2.83-3.49 s.
 */
export const TASKS_HELD_PER_THREAD = 4;

/**
 * Makes and merges label PDFs on a fixed number of worker threads, so the event loop keeps
 * answering during a big batch and every core is used. Tasks beyond the pool size queue.
 */
export class LabelWorkerPool implements OnModuleDestroy {
  private readonly pool: Piscina;
  private closed = false;

  constructor(readonly size: number = defaultLabelWorkers()) {
    if (!Number.isSafeInteger(size) || size < 1)
      throw new RangeError(`A label worker pool needs at least one thread, got ${size}`);
    this.pool = new Piscina({
      filename: workerFile(),
      // Piscina loads this export when a thread starts; the worker module has no default export.
      name: 'render',
      minThreads: size,
      maxThreads: size,
      idleTimeout: Number.POSITIVE_INFINITY,
      // A task no thread could take goes back to the front of the queue, not the back: otherwise
      // the chunks of a batch interleave and the first chunk's labels are all done only once
      // every queued chunk is nearly done, which stalls the pipeline that records and merges them.
      stricterFIFO: true,
      // Not the process's own: the worker file is compiled already and needs no TypeScript hook.
      execArgv: [],
      concurrentTasksPerWorker: TASKS_HELD_PER_THREAD,
      resourceLimits: { maxYoungGenerationSizeMb: LABEL_WORKER_YOUNG_GENERATION_MB },
    });
  }

  render(drawing: LabelDrawing): Promise<RenderedLabel> {
    return this.run('render', drawing);
  }

  mergeBytes(task: MergeBytesTask): Promise<MergedBytes> {
    return this.run('mergeBytes', task);
  }

  /** The V8 heap limits each running thread was started with. */
  threadResourceLimits(): ResourceLimits[] {
    return this.pool.threads.map((thread) => thread.resourceLimits ?? {});
  }

  /** Lets queued and running tasks finish, then stops the threads; later tasks are refused. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.close();
  }

  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  private async run<T>(name: 'render' | 'mergeBytes', task: unknown): Promise<T> {
    if (this.closed) throw new Error('The label worker pool is closed.');
    return this.pool.run(task, { name });
  }
}
