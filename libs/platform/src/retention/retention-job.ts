import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import type { Clock } from '../clock/clock';
import type { RetentionPolicy } from './retention-policy';

export interface RetentionTimings {
  /** Rows one transaction deletes at most: short transactions, short locks, small WAL bursts. */
  batchSize: number;
  /** How long after a round the next one starts. */
  intervalMs: number;
  /** How long after the start the first round comes: out of the start's rush, but soon enough that an instance restarted more often than `intervalMs` still prunes. At most `intervalMs`. */
  firstRoundAfterMs?: number;
}

export const DEFAULT_RETENTION_TIMINGS: RetentionTimings = {
  batchSize: 500,
  intervalMs: 10 * 60_000,
  firstRoundAfterMs: 60_000,
};

/**
 * Prunes an app's tables by their policies: a first round `firstRoundAfterMs` after the start, then
 * one `intervalMs` after each round ends, each table in
 * transactions of at most `batchSize` rows until none is left to go. Every instance runs the job;
 * each transaction first takes a transaction-level advisory lock named after the table and gives
 * the round up when another instance holds it, so one instance prunes a table at a time and a lock
 * never outlives its transaction (nor needs a session of its own, which PgBouncer's transaction
 * mode would not keep).
 */
export class RetentionJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetentionJob.name);
  private readonly prepared = new Set<string>();
  private timer?: NodeJS.Timeout;
  private round?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly sql: SqlClient,
    private readonly clock: Clock,
    private readonly policies: readonly RetentionPolicy[],
    private readonly timings: RetentionTimings = DEFAULT_RETENTION_TIMINGS,
  ) {}

  onApplicationBootstrap(): void {
    this.stopped = false;
    const { firstRoundAfterMs, intervalMs } = this.timings;
    this.schedule(Math.min(firstRoundAfterMs ?? intervalMs, intervalMs));
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
  }

  /** One round over every table: the rows each lost, by table (0 where another instance prunes it). */
  async pruneOnce(): Promise<Record<string, number>> {
    const pruned: Record<string, number> = {};
    for (const policy of this.policies) {
      if (this.stopped) break;
      pruned[policy.table] = await this.pruneTable(policy);
    }
    return pruned;
  }

  private async pruneTable(policy: RetentionPolicy): Promise<number> {
    if (!this.prepared.has(policy.table)) {
      await policy.ready?.(this.sql);
      this.prepared.add(policy.table);
    }
    let total = 0;
    for (;;) {
      const now = this.clock.now();
      const deleted = await this.sql.transaction(async (tx) => {
        const { rows } = await tx.query<{ locked: boolean }>(
          `select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as locked`,
          [`shipping.retention.${policy.table}`],
        );
        return rows[0]?.locked ? policy.prune(tx, now, this.timings.batchSize) : undefined;
      });
      if (deleted === undefined) return total;
      total += deleted;
      if (deleted < this.timings.batchSize || this.stopped) return total;
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.pruneOnce()
        .then((pruned) => {
          const counts = Object.entries(pruned).filter(([, count]) => count > 0);
          if (counts.length > 0)
            this.logger.log({ pruned: Object.fromEntries(counts) }, 'retention pruned rows');
        })
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'retention round failed; trying next round'),
        )
        .finally(() => this.schedule(this.timings.intervalMs));
    }, delayMs);
    this.timer.unref();
  }
}
