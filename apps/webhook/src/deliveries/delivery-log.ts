import { Inject, Injectable } from '@nestjs/common';
import {
  Conflict,
  DELIVERY_IN_FLIGHT_MESSAGE,
  NotFound,
  type PageRequest,
  WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE,
  type WebhookAttemptView,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEventType,
} from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { WebhookDispatcher } from '../dispatch/webhook-dispatcher';

export { DELIVERY_IN_FLIGHT_MESSAGE };

interface DeliveryRow {
  id: string;
  endpoint_id: string | number;
  event_id: string;
  event_type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempt_count: number;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
}

interface AttemptRow {
  delivery_id: string;
  number: number;
  at: Date | string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const DELIVERY_COLUMNS =
  'id, endpoint_id, event_id, event_type, status, attempt_count, next_attempt_at, created_at';

/**
 * What a delivery id can look like (`whd_` and a UUID): anything else names no delivery, so text
 * the database cannot keep (NUL, lone surrogates) never reaches a query.
 */
const DELIVERY_ID = /^whd_[0-9A-Za-z-]{1,64}$/;

/** Deliveries of one endpoint with every attempt, and redelivery on request. */
@Injectable()
export class DeliveryLog {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  /** Newest first; one row more than the page tells that a next page exists. */
  async list(endpointId: number, page: PageRequest): Promise<WebhookDeliveryView[]> {
    const { rows } = await this.sql.query<DeliveryRow>(
      `select ${DELIVERY_COLUMNS} from webhook_deliveries where endpoint_id = $1
       order by seq desc limit $2 offset $3`,
      [endpointId, page.per_page + 1, (page.page - 1) * page.per_page],
    );
    return this.withAttempts(rows);
  }

  /**
   * Sends the delivery again now, with the same Webhook-Id, whatever its status; the retry
   * schedule starts over from this attempt. One in flight is refused rather than sent twice at once.
   */
  async redeliver(endpointId: number, deliveryId: string): Promise<WebhookDeliveryView> {
    if (!DELIVERY_ID.test(deliveryId)) throw new NotFound(WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE);
    const found = await this.sql.query<{ in_flight: boolean }>(
      'select lease_until is not null and lease_until >= now() as in_flight from webhook_deliveries where id = $1 and endpoint_id = $2',
      [deliveryId, endpointId],
    );
    if (found.rows.length === 0) throw new NotFound(WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE);
    const { rows } = await this.sql.query<DeliveryRow>(
      `update webhook_deliveries set status = 'pending', next_attempt_at = now(), retry_from = attempt_count
       where id = $1 and endpoint_id = $2 and (lease_until is null or lease_until < now())
       returning ${DELIVERY_COLUMNS}`,
      [deliveryId, endpointId],
    );
    if (rows.length === 0) throw new Conflict(DELIVERY_IN_FLIGHT_MESSAGE);
    this.dispatcher.wake();
    return (await this.withAttempts(rows))[0];
  }

  private async withAttempts(deliveries: DeliveryRow[]): Promise<WebhookDeliveryView[]> {
    if (deliveries.length === 0) return [];
    const { rows } = await this.sql.query<AttemptRow>(
      'select delivery_id, number, at, status_code, error, duration_ms from webhook_attempts where delivery_id = any($1) order by delivery_id, number',
      [deliveries.map((delivery) => delivery.id)],
    );
    const attempts = new Map<string, WebhookAttemptView[]>();
    for (const row of rows) {
      const list = attempts.get(row.delivery_id) ?? [];
      list.push({
        number: row.number,
        at: iso(row.at),
        status_code: row.status_code,
        error: row.error,
        duration_ms: row.duration_ms,
      });
      attempts.set(row.delivery_id, list);
    }
    return deliveries.map((row) => ({
      id: row.id,
      webhook_id: Number(row.endpoint_id),
      event_id: row.event_id,
      event_type: row.event_type,
      status: row.status,
      attempt_count: row.attempt_count,
      next_attempt_at: row.next_attempt_at === null ? null : iso(row.next_attempt_at),
      created_at: iso(row.created_at),
      attempts: attempts.get(row.id) ?? [],
    }));
  }
}
