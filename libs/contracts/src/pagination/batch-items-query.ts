import { type AsOf, BATCH_ITEM_STATUSES, type BatchItemStatus } from '@shipping/contracts-core';
import { InField } from '../validation';
import { AsOfField, parseAsOf } from './as-of';
import { PageQuery } from './page-query';

/** Query of `GET /batches/{id}`: the page, an optional item status filter and an optional moment. */
export class BatchItemsQuery extends PageQuery {
  @InField(BATCH_ITEM_STATUSES, { presence: 'optional' })
  status?: BatchItemStatus;

  @AsOfField()
  as_of?: string;

  /** The moment asked for; undefined for a read of now. */
  moment(): AsOf | undefined {
    return this.as_of === undefined ? undefined : parseAsOf(this.as_of);
  }
}
