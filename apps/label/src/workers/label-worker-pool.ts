import type { OnModuleDestroy } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Piscina } from 'piscina';
import type { LabelDrawing } from '../rendering/label-drawing';
import type { MergeBytesTask, MergedBytes, MergedFile, MergeFilesTask, RenderedLabel } from './label-tasks';

const WORKER_FILE = join(__dirname, `label-worker${extname(__filename)}`);

/**
 * Worker threads inherit the process's execArgv, which carries `-r @swc-node/register` when the
 * runtime is started from TypeScript (`npm start`) but not under Jest, whose own transform does not
 * reach worker threads. Passing the hook explicitly makes both load the TypeScript worker alike.
 */
const typescriptExecArgv = () => ['-r', require.resolve('@swc-node/register')];

export const defaultLabelWorkers = (): number => availableParallelism();

/**
 * Makes and merges label PDFs on a fixed number of worker threads, so the event loop keeps
 * answering during a big batch and every core is used. Tasks beyond the pool size queue.
 */
export class LabelWorkerPool implements OnModuleDestroy {
  private readonly pool: Piscina;
  private closed = false;

  constructor(readonly size: number = defaultLabelWorkers()) {
    if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`A label worker pool needs at least one thread, got ${size}`);
    this.pool = new Piscina({
      filename: WORKER_FILE,
      // Piscina loads this export when a thread starts; the worker module has no default export.
      name: 'render',
      minThreads: size,
      maxThreads: size,
      idleTimeout: Number.POSITIVE_INFINITY,
      execArgv: WORKER_FILE.endsWith('.ts') ? typescriptExecArgv() : undefined,
    });
  }

  render(drawing: LabelDrawing): Promise<RenderedLabel> {
    return this.run('render', drawing);
  }

  mergeFiles(task: MergeFilesTask): Promise<MergedFile> {
    return this.run('mergeFiles', task);
  }

  mergeBytes(task: MergeBytesTask): Promise<MergedBytes> {
    return this.run('mergeBytes', task);
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

  private async run<T>(name: 'render' | 'mergeFiles' | 'mergeBytes', task: unknown): Promise<T> {
    if (this.closed) throw new Error('The label worker pool is closed.');
    return this.pool.run(task, { name });
  }
}
