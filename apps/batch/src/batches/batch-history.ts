import { Inject, Injectable } from '@nestjs/common';
import { batchStreamName } from '@shipping/batch-domain';
import {
  BATCH_NOT_FOUND_MESSAGE,
  type BatchEventsQuery,
  type BatchEventView,
  NotFound,
  type Tenant,
} from '@shipping/contracts';
import type { EventStore, RecordedEvent } from '@shipping/event-store';
import { EVENT_STORE } from '@shipping/platform/storage';

const view = (event: RecordedEvent): BatchEventView => ({
  id: event.id,
  type: event.type,
  version: event.version,
  data: event.data,
  occurred_at: event.createdAt.toISOString(),
  correlation_id: event.metadata.correlationId ?? null,
  causation_id: event.metadata.causationId ?? null,
});

/** A batch's history: the events of its stream in order, read from the stream itself (never stale). */
@Injectable()
export class BatchHistory {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * One row more than the page, to tell whether a next page exists. A batch of another account or
   * of the other key mode is not found (decision 101); BatchCreated names both (upcast as test).
   */
  async page(tenant: Tenant, query: BatchEventsQuery): Promise<BatchEventView[]> {
    const stream = batchStreamName(query.batch_id);
    const [first] = await this.store.readStream(stream, { maxCount: 1 });
    const created =
      first?.type === 'BatchCreated' ? (first.data as { account_id?: string; key_mode?: string }) : undefined;
    if (created?.account_id !== tenant.accountId || created.key_mode !== tenant.mode)
      throw new NotFound(BATCH_NOT_FOUND_MESSAGE);
    const events = await this.store.readStream(stream, {
      fromRevision: BigInt((query.page - 1) * query.per_page),
      maxCount: query.per_page + 1,
    });
    return events.map(view);
  }
}
