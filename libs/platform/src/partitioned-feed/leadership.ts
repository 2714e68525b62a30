import type { Logger } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';

export interface LeadershipTimings {
  /** How often an instance that does not lead tries to take the lead. */
  retryMs: number;
  /** How often the leader checks its lock's connection... */
  checkMs: number;
  /** ...and how long that check may take before the leader counts its lock as lost. */
  checkTimeoutMs: number;
}

const DEFAULT_TIMINGS: LeadershipTimings = { retryMs: 2_000, checkMs: 2_000, checkTimeoutMs: 5_000 };

/** What the leader runs; the function it resolves to stops it. */
export type LeaderWork = () => Promise<() => Promise<void>>;

/**
 * One leader among the instances of an app that share a database: the one holding a PostgreSQL
 * session advisory lock named `lockName`. The lock goes with the leader's connection, so when the
 * leader dies its lock is free at once and another instance takes the lead within `retryMs`.
 * The leader checks its connection every `checkMs`; a check that fails or hangs means the lock may
 * be another's now, so it stops leading (the work it runs must tolerate a short overlap with the
 * next leader: the relays it runs send at least once and consumers dedupe).
 */
export class Leadership {
  private stopped = false;
  private leading = false;
  private wake: () => void = () => undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly sql: SqlClient,
    private readonly lockName: string,
    private readonly work: LeaderWork,
    private readonly logger: Logger,
    private readonly timings: LeadershipTimings = DEFAULT_TIMINGS,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.sql.session((session) => this.leadWhileLocked(session));
      } catch (error) {
        this.logger.warn({ err: error }, `${this.lockName}: could not lead; trying again`);
      }
      await this.sleep(this.timings.retryMs);
    }
  }

  private async leadWhileLocked(session: SqlClient): Promise<void> {
    const { rows } = await session.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [this.lockName],
    );
    if (!rows[0]?.locked || this.stopped) return;
    this.leading = true;
    this.logger.log(`${this.lockName}: this instance leads`);
    let stopWork: (() => Promise<void>) | undefined;
    try {
      stopWork = await this.work();
      while (!this.stopped) {
        await this.sleep(this.timings.checkMs);
        if (!this.stopped) await withTimeout(session.query('select 1'), this.timings.checkTimeoutMs);
      }
    } finally {
      this.leading = false;
      await stopWork?.().catch((error: unknown) =>
        this.logger.error({ err: error }, `${this.lockName}: stopping the leader's work failed`),
      );
      if (!this.stopped) this.logger.warn(`${this.lockName}: this instance no longer leads`);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the lock's connection did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
