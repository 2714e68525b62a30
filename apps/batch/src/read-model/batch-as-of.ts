import { Inject, Injectable } from '@nestjs/common';
import { type BatchSummaryRow, batchStreamName } from '@shipping/batch-domain';
import {
  type AsOf,
  BATCH_NOT_FOUND_MESSAGE,
  type BatchPage,
  type GetBatchQuery,
  NotFound,
  type Tenant,
} from '@shipping/contracts';
import type { EventStore } from '@shipping/event-store';
import { EVENT_STORE } from '@shipping/platform/storage';
import { batchPageOf, pageOfItemRows } from './batch-page';
import { foldBatchEvents } from './batch-projection';
import { pastEndOf, readStreamAsOf } from './stream-as-of';

/**
 * Get-batch as it answered at a past moment: the batch's stream up to that moment, folded by the
 * projection the read model runs (`foldBatchEvents`) and paged as the read model pages, so the
 * answer is the one the read model gave once it had reached that revision.
 */
@Injectable()
export class BatchAsOf {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * A batch of another account or of the other key mode is not found (decision 101), before any
   * word about the moment; so is a batch not yet created, or still `creating`, at that moment.
   */
  async get(tenant: Tenant, query: GetBatchQuery & { as_of: AsOf }): Promise<BatchPage> {
    const { events, pastEnd } = await readStreamAsOf(
      this.store,
      batchStreamName(query.batch_id),
      query.as_of,
    );
    const projected = foldBatchEvents(query.batch_id, {}, events);
    if (!projected || !isTenants(projected.summary, tenant)) throw new NotFound(BATCH_NOT_FOUND_MESSAGE);
    const { summary } = projected;
    if (pastEnd) throw pastEndOf(events);
    if (summary.status === 'creating') throw new NotFound(BATCH_NOT_FOUND_MESSAGE);
    const items = pageOfItemRows(projected.items.values(), query);
    return batchPageOf({ ...summary, status: summary.status }, items, projected.revision.toString());
  }
}

/** The batch is the tenant's: its account, and its mode (a summary of a batch older than modes is a test batch's). */
const isTenants = (summary: BatchSummaryRow, tenant: Tenant) =>
  summary.account_id === tenant.accountId && (summary.mode ?? 'test') === tenant.mode;
