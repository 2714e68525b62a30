import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { KeyMode, Tenant } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { FencedLeases, type Lease } from '@shipping/platform/leases';
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

const JOB_COLUMNS = 'batch_id, account_id, mode, correlation_id, failures, lease_token';

type JobRow = Omit<LabelingJob, 'lease'> & { lease_token: string };

/**
 * Batches whose labelling has started and not finished. A row is written before the work starts
 * and removed when the batch is completed. An instance works on a job only while it holds the
 * job's fenced lease (FencedLeases, timed by the database's clock): claims take rows `for update
 * skip locked`, so two instances never take one job, a dead or stalled instance's job is taken
 * over once its lease ran out, and a job whose run failed waits out its backoff (`lease_until` in
 * the future, no holder) before any instance takes it again. Releasing and closing a job name its
 * lease, so an instance that lost it changes nothing.
 */
@Injectable()
export class LabelingJobs implements OnModuleInit {
  private readonly byLength = new Map<number, FencedLeases>();

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, BATCH_MIGRATIONS);
  }

  /** The leases on jobs that last `leaseMs`. */
  leases(leaseMs: number): FencedLeases {
    let leases = this.byLength.get(leaseMs);
    if (!leases) {
      leases = new FencedLeases(this.sql, {
        name: 'batch_labeling_jobs',
        key: 'batch_id',
        leaseMs,
        expiresAt: 'lease_until',
      });
      this.byLength.set(leaseMs, leases);
    }
    return leases;
  }

  async open(batchId: string, { accountId, mode }: Tenant, correlationId: string): Promise<void> {
    await this.sql.query(
      `insert into batch_labeling_jobs (batch_id, account_id, mode, correlation_id) values ($1, $2, $3, $4)
       on conflict (batch_id) do nothing`,
      [batchId, accountId, mode, correlationId],
    );
  }

  /** Takes up to `limit` jobs nobody holds (or whose holder's lease ran out), oldest first. */
  async claim(holder: string, leaseMs: number, limit: number): Promise<LabelingJob[]> {
    const leases = this.leases(leaseMs);
    const { rows } = await this.sql.query<JobRow>(
      `update batch_labeling_jobs set holder = $1, ${leases.takeLease()}
       where batch_id in (
         select batch_id from batch_labeling_jobs
         where ${leases.isFree()}
         order by started_at limit $2
         for update skip locked)
       returning ${JOB_COLUMNS}`,
      [holder, limit],
    );
    return rows.map((row) => this.job(leases, row));
  }

  /** Takes one job, if nobody holds it. */
  async claimOne(batchId: string, holder: string, leaseMs: number): Promise<LabelingJob | undefined> {
    const leases = this.leases(leaseMs);
    const { rows } = await this.sql.query<JobRow>(
      `update batch_labeling_jobs set holder = $2, ${leases.takeLease()}
       where batch_id = $1 and ${leases.isFree()}
       returning ${JOB_COLUMNS}`,
      [batchId, holder],
    );
    return rows[0] && this.job(leases, rows[0]);
  }

  /** Lets go of a job still held: at once (shutting down), or after `retryInMs` when its run failed. */
  async release(job: LabelingJob, leaseMs: number, failed: { retryInMs: number } | undefined): Promise<void> {
    await this.sql.query(
      `update batch_labeling_jobs
       set holder = null,
           lease_until = case when $3::integer is null then null else clock_timestamp() + $3 * interval '1 millisecond' end,
           failures = failures + case when $3::integer is null then 0 else 1 end
       where ${this.leases(leaseMs).heldBy('$1', '$2')}`,
      [job.lease.key, job.lease.token, failed ? Math.round(failed.retryInMs) : null],
    );
  }

  /** Removes a job whose batch is completed, if its lease still holds it. */
  async close(job: LabelingJob, leaseMs: number): Promise<void> {
    await this.leases(leaseMs).remove(job.lease);
  }

  private job(leases: FencedLeases, { lease_token, ...row }: JobRow): LabelingJob {
    return { ...row, lease: leases.leaseOf(row.batch_id, lease_token) };
  }
}
