/**
 * A sweep for work nobody holds: run at start and then every `everyMs`, one run at a time (a run
 * still going when the next is due is not doubled), its failures handed to `failed` so the next
 * run tries again. What a run takes it takes under a fenced lease, so every instance sweeps.
 */
export class PeriodicSweep {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly sweep: () => Promise<void>,
    private readonly everyMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Runs the first sweep and schedules the others; resolves when the first one has run. */
  start(): Promise<void> {
    this.timer = setInterval(() => void this.run(), this.everyMs);
    this.timer.unref();
    return this.run();
  }

  /** No more runs; resolves once the run under way has ended. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private run(): Promise<void> {
    this.running ??= this.sweep()
      .catch(this.failed)
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
