/** Shapes of the public API's answers, as any API client sees them. */

export interface Page<T> {
  current_page: number;
  data: T[];
  from: number | null;
  to: number | null;
  per_page: number;
  next_page_url: string | null;
  prev_page_url: string | null;
}

export interface OpenOrder {
  shipment_order_id: number;
  kind: 'freight' | 'parcel';
  status: string;
  summary: { from: string; to: string; pieces: number; total_weight: string; ship_date: string | null };
  created_at: string;
}

export interface PickupOrder {
  id: number;
  carrier: string;
  pickup_date: string | null;
  ready_time: string | null;
  close_time: string | null;
  piece_count: number;
  total_weight: string;
  status: string;
  from_address: { name: string; city: string; state?: string | null; country: string };
}

export const BATCH_STATUSES = ['validating', 'invalid', 'ready', 'processing', 'completed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const ITEM_STATUSES = ['valid', 'invalid', 'completed', 'failed'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export interface BatchResults {
  total_count: number;
  valid_count: number;
  invalid_count: number;
  completed_count: number;
  failed_count: number;
  completion_percentage: string;
}

export interface BatchRow {
  id: string;
  status: BatchStatus;
  default_service: string;
  default_shipper_id: string;
  results: BatchResults;
  created_at: string;
}

export interface BatchItem {
  id: string;
  status: ItemStatus;
  errors: Record<string, string[]> | null;
  shipment_order: { main_tracking_number: string } | null;
}

export interface Batch extends Omit<BatchRow, 'created_at'> {
  items: Page<BatchItem>;
  labels?: string[];
}

export interface WebhookEndpoint {
  id: number;
  url: string;
  events: string[];
  created_at: string;
}

export interface WebhookAttempt {
  number: number;
  at: string;
  status_code: number | null;
  error: string | null;
}

export interface WebhookDelivery {
  id: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempt_count: number;
  created_at: string;
  attempts: WebhookAttempt[];
}

/** `GET /account`: the signed-in account, its credit balance as a decimal string. */
export interface AccountSummary {
  id: string;
  name: string;
  balance: string;
}
