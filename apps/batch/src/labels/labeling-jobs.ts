import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';
import { BATCH_MIGRATIONS } from '../batch.migrations';

export interface LabelingJob {
  batch_id: string;
  account_id: string;
  correlation_id: string;
  /** Runs of the job that failed so far: the wait before the next grows with them. */
  failures: number;
}

const JOB_COLUMNS = 'batch_id, account_id, correlation_id, failures';

/**
 * Batches whose labelling has started and not finished. A row is written before the work starts
 * and removed when the batch is completed. An instance works on a job only while it holds the
 * job's lease: claims take rows `for update skip locked`, so two instances never take one job, a
 * dead instance's job is taken over once its lease ran out, and a job whose run failed waits out
 * its backoff (`lease_until` in the future, no holder) before any instance takes it again.
 */
@Injectable()
export class LabelingJobs implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, BATCH_MIGRATIONS);
  }

  async open(batchId: string, accountId: string, correlationId: string): Promise<void> {
    await this.sql.query(
      `insert into batch_labeling_jobs (batch_id, account_id, correlation_id) values ($1, $2, $3)
       on conflict (batch_id) do nothing`,
      [batchId, accountId, correlationId],
    );
  }

  /** Takes up to `limit` jobs nobody holds (or whose holder's lease ran out), oldest first. */
  async claim(holder: string, leaseMs: number, limit: number): Promise<LabelingJob[]> {
    const { rows } = await this.sql.query<LabelingJob>(
      `update batch_labeling_jobs set holder = $1, lease_until = now() + $2 * interval '1 millisecond'
       where batch_id in (
         select batch_id from batch_labeling_jobs
         where lease_until is null or lease_until < now()
         order by started_at limit $3
         for update skip locked)
       returning ${JOB_COLUMNS}`,
      [holder, leaseMs, limit],
    );
    return rows;
  }

  /** Takes one job, if nobody holds it. */
  async claimOne(batchId: string, holder: string, leaseMs: number): Promise<LabelingJob | undefined> {
    const { rows } = await this.sql.query<LabelingJob>(
      `update batch_labeling_jobs set holder = $2, lease_until = now() + $3 * interval '1 millisecond'
       where batch_id = $1 and (lease_until is null or lease_until < now())
       returning ${JOB_COLUMNS}`,
      [batchId, holder, leaseMs],
    );
    return rows[0];
  }

  /** Extends the leases `holder` still has; answers the batches it holds no more. */
  async renew(batchIds: string[], holder: string, leaseMs: number): Promise<string[]> {
    if (batchIds.length === 0) return [];
    const { rows } = await this.sql.query<{ batch_id: string }>(
      `update batch_labeling_jobs set lease_until = now() + $3 * interval '1 millisecond'
       where batch_id = any($1) and holder = $2 returning batch_id`,
      [batchIds, holder, leaseMs],
    );
    const held = new Set(rows.map((row) => row.batch_id));
    return batchIds.filter((batchId) => !held.has(batchId));
  }

  /** Lets go of a job: at once (shutting down), or after `retryInMs` when its run failed. */
  async release(batchId: string, holder: string, failed: { retryInMs: number } | undefined): Promise<void> {
    await this.sql.query(
      `update batch_labeling_jobs
       set holder = null,
           lease_until = case when $3::integer is null then null else now() + $3 * interval '1 millisecond' end,
           failures = failures + case when $3::integer is null then 0 else 1 end
       where batch_id = $1 and holder = $2`,
      [batchId, holder, failed ? Math.round(failed.retryInMs) : null],
    );
  }

  async close(batchId: string): Promise<void> {
    await this.sql.query('delete from batch_labeling_jobs where batch_id = $1', [batchId]);
  }
}
