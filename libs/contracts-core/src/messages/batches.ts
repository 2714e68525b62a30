import type { Page, PageRequest } from '../pagination/paginate';
import type { AsOf } from './as-of';

export const BatchPatterns = {
  create: 'batch.create',
  ship: 'batch.ship',
  get: 'batch.get',
  list: 'batch.list',
  events: 'batch.events',
} as const;

export const BATCH_ITEM_STATUSES = ['valid', 'invalid', 'completed', 'failed'] as const;
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number];

export const BATCH_NOT_FOUND_MESSAGE = 'Batch not found.';
export const SHIPPER_NOT_ELIGIBLE_MESSAGE =
  'The shipper was not found or does not meet the batch requirements.';

export interface BatchResults {
  total_count: number;
  valid_count: number;
  invalid_count: number;
  completed_count: number;
  failed_count: number;
  completion_percentage: string;
}

export interface BatchItemView {
  id: string;
  status: BatchItemStatus;
  errors: Record<string, string[]> | null;
  shipment_order: { main_tracking_number: string } | null;
}

/** The Batch object of the interface, without the URL-bearing parts the gateway adds. */
export interface BatchSummary {
  id: string;
  status: 'validating' | 'invalid' | 'ready' | 'processing' | 'completed';
  default_service: string;
  default_shipper_id: string;
  results: BatchResults;
  /** Keys of the merged label files, in file order; the gateway turns them into signed URLs. */
  label_keys: string[];
}

/** A row of `GET /batches`: the batch without its items and label files. */
export interface BatchListEntry extends Omit<BatchSummary, 'label_keys'> {
  created_at: string;
}

export interface GetBatchQuery extends PageRequest {
  batch_id: string;
  status?: BatchItemStatus;
  /** The batch as get-batch answered at that moment, folded from its stream; the live read model when absent. */
  as_of?: AsOf;
}

export interface BatchPage {
  batch: BatchSummary;
  /** The page's items plus at most one more (tells that a next page exists). */
  items: BatchItemView[];
  /** The batch's stream revision the page reflects: the same query at the same revision gives the same page. */
  revision: string;
}

/** One event of a batch's stream, as its history lists it. */
export interface BatchEventView {
  id: string;
  type: string;
  version: number;
  data: unknown;
  occurred_at: string;
  correlation_id: string | null;
  causation_id: string | null;
}

export interface BatchEventsQuery extends PageRequest {
  batch_id: string;
}

export type { Page };
