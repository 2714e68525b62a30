import type { Held, LeasedWork } from './leased-work';
import { PeriodicSweep } from './periodic-sweep';

export interface SweepOptions {
  /** How often free rows are looked for: as often as a dead holder's lease runs out. */
  everyMs: number;
  /** How many rows one run takes up; 0 (no room now) skips the run. */
  limit: number | (() => number);
  failed: (error: unknown) => void;
}

/**
 * The sweep for leased work nobody holds (its holder died, failed or let go), the one every user
 * of LeasedWork runs: at start and then every `everyMs`, one run at a time, the rows free by the
 * database's clock. Every instance sweeps; the claims keep each row with one holder.
 */
export class LeaseSweep {
  private readonly periodic: PeriodicSweep;

  private constructor(
    private readonly options: SweepOptions,
    private readonly find: (limit: number) => Promise<number>,
  ) {
    this.periodic = new PeriodicSweep(() => this.run(), options.everyMs, options.failed);
  }

  /** A sweep that claims the free rows for `holder` (`skip locked`) and hands them over held. */
  static claiming<Row>(
    work: LeasedWork,
    holder: string,
    options: SweepOptions & { take: (rows: Held<Row>[]) => Promise<void> },
  ): LeaseSweep {
    return new LeaseSweep(options, async (limit) => {
      const rows = await work.claimFree<Row>(holder, limit);
      if (rows.length > 0) await options.take(rows);
      return rows.length;
    });
  }

  /**
   * A sweep that hands the free rows over as read (those `where` names): the taker claims each on
   * its own path, the one a request for it takes too.
   */
  static reading<Row>(
    work: LeasedWork,
    options: SweepOptions & { where?: string; take: (rows: Row[]) => Promise<void> },
  ): LeaseSweep {
    return new LeaseSweep(options, async (limit) => {
      const rows = await work.free<Row>(limit, options.where);
      if (rows.length > 0) await options.take(rows);
      return rows.length;
    });
  }

  /** Runs the first sweep and schedules the others; resolves when the first one has run. */
  start(): Promise<void> {
    return this.periodic.start();
  }

  /** No more runs; resolves once the run under way has ended. */
  stop(): Promise<void> {
    return this.periodic.stop();
  }

  private async run(): Promise<void> {
    const { limit } = this.options;
    const room = typeof limit === 'number' ? limit : limit();
    if (room > 0) await this.find(room);
  }
}
