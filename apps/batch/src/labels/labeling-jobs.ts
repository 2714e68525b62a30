import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { KeyMode, Tenant } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { type FencedLeases, type Lease, LeasedWork } from '@shipping/platform/leases';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { BATCH_MIGRATIONS } from '../batch.migrations';

export interface LabelingJob {
  batch_id: string;
  account_id: string;
  /** The mode of the key that created the batch: the tenant the job works for. */
  mode: KeyMode;
  correlation_id: string;
  /** Runs of the job that failed so far: the wait before the next grows with them. */
  failures: number;
  /** The lease it was taken under: every write of the run names it. */
  lease: Lease;
}

const OPEN_LEASE_MS = 60_000;

/**
 * Batches whose labelling has started and not finished, as leased work (LeasedWork): a row is
 * added before the work starts and removed when the batch is completed. An instance works on a
 * job only while it holds the job's fenced lease, timed by the database's clock, so two instances
 * never work on one job, a dead or stalled instance's job is taken over once its lease ran out,
 * and a job whose run failed waits out its backoff (`lease_until` in the future, held by nobody)
 * before any instance takes it again. Releasing and closing a job name its lease, so an instance that
 * lost it changes nothing.
 */
@Injectable()
export class LabelingJobs implements OnModuleInit {
  private readonly byLength = new Map<number, LeasedWork>();

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, BATCH_MIGRATIONS);
  }

  /** The jobs, leased for `leaseMs`. */
  work(leaseMs: number): LeasedWork {
    let work = this.byLength.get(leaseMs);
    if (!work) {
      work = new LeasedWork(this.sql, {
        name: 'batch_labeling_jobs',
        key: 'batch_id',
        leaseMs,
        expiresAt: 'lease_until',
        columns: { batch_id: 'text', account_id: 'text', mode: 'text', correlation_id: 'text' },
        order: 'started_at',
      });
      this.byLength.set(leaseMs, work);
    }
    return work;
  }

  /** The leases on jobs that last `leaseMs`. */
  leases(leaseMs: number): FencedLeases {
    return this.work(leaseMs).leases;
  }

  async open(batchId: string, { accountId, mode }: Tenant, correlationId: string): Promise<void> {
    // Adding holds nothing, so the lease's length does not matter.
    await this.work(OPEN_LEASE_MS).add([
      { batch_id: batchId, account_id: accountId, mode, correlation_id: correlationId },
    ]);
  }

  /** Takes up to `limit` jobs nobody holds (or whose holder's lease ran out), oldest first. */
  claim(holder: string, leaseMs: number, limit: number): Promise<LabelingJob[]> {
    return this.work(leaseMs).claimFree<LabelingJob>(holder, limit);
  }

  /** Takes one job, if nobody holds it. */
  async claimOne(batchId: string, holder: string, leaseMs: number): Promise<LabelingJob | undefined> {
    const [job] = await this.work(leaseMs).claimFree<LabelingJob>(holder, 1, [batchId]);
    return job;
  }

  /** Lets go of a job still held: at once (shutting down), or after `retryInMs` when its run failed. */
  release(job: LabelingJob, leaseMs: number, failed: { retryInMs: number } | undefined): Promise<void> {
    const work = this.work(leaseMs);
    return failed
      ? work.release(job.lease, failed.retryInMs, 'failures = failures + 1')
      : work.release(job.lease);
  }

  /** Removes a job whose batch is completed, if its lease still holds it. */
  async close(job: LabelingJob, leaseMs: number): Promise<void> {
    await this.work(leaseMs).remove(job.lease);
  }
}
