import { BATCH_ITEM_STATUSES, type BatchItemStatus } from '@shipping/contracts-core';
import { InField } from '../validation';
import { PageQuery } from './page-query';

/** Query of `GET /batches/{id}`: the page and an optional item status filter. */
export class BatchItemsQuery extends PageQuery {
  @InField(BATCH_ITEM_STATUSES, { presence: 'optional' })
  status?: BatchItemStatus;
}
