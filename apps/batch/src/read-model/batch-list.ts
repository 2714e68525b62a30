import { Inject, Injectable } from '@nestjs/common';
import { batchResults, type BatchSummaryRow } from '@shipping/batch-domain';
import type { BatchListEntry, PageRequest, Tenant } from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform/storage';

/**
 * The batches page: the tenant's batches (the account's, of the key's mode) from the get-batch
 * read model's summary rows, newest first. Ties on the creation instant fall back to the batch id, so pages never overlap.
 */
@Injectable()
export class BatchList {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** One row more than the page, to tell whether a next page exists. */
  async list(tenant: Tenant, page: PageRequest): Promise<BatchListEntry[]> {
    const { rows } = await this.sql.query<{ doc: BatchSummaryRow }>(
      `select doc from batch_view where account_id = $1 and mode = $2 and doc->>'status' <> 'creating'
       order by doc->>'created_at' desc, batch_id desc limit $3 offset $4`,
      [tenant.accountId, tenant.mode, page.per_page + 1, (page.page - 1) * page.per_page],
    );
    return rows.map(({ doc }) => ({
      id: doc.id,
      status: doc.status as BatchListEntry['status'],
      default_service: doc.default_service,
      default_shipper_id: doc.default_shipper_id,
      results: batchResults(doc.counts),
      created_at: doc.created_at,
    }));
  }
}
