import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';
import { BATCH_MIGRATIONS } from '../batch.migrations';

/**
 * Batches whose labelling has started and not finished. A row is written before the work starts
 * and removed when the batch is completed, so a restart resumes exactly the unfinished batches.
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

  async close(batchId: string): Promise<void> {
    await this.sql.query('delete from batch_labeling_jobs where batch_id = $1', [batchId]);
  }

  async unfinished(): Promise<{ batch_id: string; account_id: string; correlation_id: string }[]> {
    const { rows } = await this.sql.query<{ batch_id: string; account_id: string; correlation_id: string }>(
      'select batch_id, account_id, correlation_id from batch_labeling_jobs order by started_at',
    );
    return rows;
  }
}
