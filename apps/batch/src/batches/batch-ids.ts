import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { encodeHashId } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { BATCH_MIGRATIONS } from '../batch.migrations';

/** Batch and item hash ids: sqids of integers from sequences the batch app owns. */
@Injectable()
export class BatchIds implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, BATCH_MIGRATIONS);
  }

  async nextBatchId(): Promise<string> {
    const { rows } = await this.sql.query<{ id: string | number }>("select nextval('batch_ids') as id");
    return encodeHashId('batch', Number(rows[0].id));
  }

  /** `count` item ids in one round trip, in order. */
  async nextItemIds(count: number): Promise<string[]> {
    const { rows } = await this.sql.query<{ id: string | number }>(
      "select nextval('batch_item_ids') as id from generate_series(1, $1::int) order by 1",
      [count],
    );
    return rows.map((row) => encodeHashId('item', Number(row.id)));
  }
}
