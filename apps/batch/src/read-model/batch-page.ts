import { type BatchItemRow, batchResults, type BatchSummaryRow } from '@shipping/batch-domain';
import type { BatchPage, GetBatchQuery } from '@shipping/contracts';

/** A summary readers see: every item is in (a `creating` batch is not found). */
export type ListedSummary = BatchSummaryRow & { status: BatchPage['batch']['status'] };

type ListedItem = Pick<BatchItemRow, 'item_id' | 'status' | 'errors' | 'main_tracking_number'>;

/**
 * The get-batch answer from a batch's summary row and the item rows of the page (plus at most one
 * more): the live read model and a read as of a past moment build it here from the same rows.
 */
export function batchPageOf(
  summary: ListedSummary,
  items: readonly ListedItem[],
  revision: string,
): BatchPage {
  return {
    batch: {
      id: summary.id,
      status: summary.status,
      default_service: summary.default_service,
      default_shipper_id: summary.default_shipper_id,
      results: batchResults(summary.counts),
      label_keys: [...summary.label_keys],
    },
    items: items.map((row) => ({
      id: row.item_id,
      status: row.status,
      errors: row.errors,
      shipment_order: row.main_tracking_number ? { main_tracking_number: row.main_tracking_number } : null,
    })),
    revision,
  };
}

/**
 * The rows a page lists, plus at most one more: with the status asked for, in item order, from
 * the page's offset. What the live read selects from `batch_items_view`, over rows in memory.
 */
export function pageOfItemRows<Row extends Pick<BatchItemRow, 'index' | 'status'>>(
  rows: Iterable<Row>,
  query: Pick<GetBatchQuery, 'status' | 'page' | 'per_page'>,
): Row[] {
  const offset = (query.page - 1) * query.per_page;
  return [...rows]
    .filter((row) => query.status === undefined || row.status === query.status)
    .sort((a, b) => a.index - b.index)
    .slice(offset, offset + query.per_page + 1);
}
