import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  isWebhookEventType,
  MAX_WEBHOOK_NOTIFICATIONS,
  type WebhookNotification,
  type WebhookNotifications,
} from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { WebhookDispatcher } from '../dispatch/webhook-dispatcher';

export interface NotifyResult {
  /** Deliveries this notification added; 0 when it was a redelivery of one already stored. */
  created: number;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

const isWellFormed = ({ event_id, account_id, body }: WebhookNotification) =>
  isText(event_id) && isText(account_id) && typeof body === 'object' && body !== null;

const isWellTyped = ({ event_type, key_mode, order_key, order_position }: WebhookNotification) =>
  (event_type === undefined || isWebhookEventType(event_type)) &&
  (key_mode === undefined || key_mode === 'test' || key_mode === 'live') &&
  (order_key === undefined || isText(order_key)) &&
  (order_position === undefined || Number.isSafeInteger(order_position));

/** The body an endpoint receives: the event's, with the mode it happened in (decision 101). */
const withMode = ({ body, key_mode }: WebhookNotification) =>
  JSON.stringify({ ...body, mode: key_mode ?? 'test' });

/**
 * The outbox: one pending delivery per endpoint of the account in the event's key mode (a deleted
 * one excepted), stored in one statement (for
 * one notification or a list of them)
 * before the answer goes back, so the sender moves its checkpoint only after nothing can be lost.
 * (endpoint, event) is unique: the same event notified again adds nothing.
 */
@Injectable()
export class WebhookOutbox {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  async notify(notification: WebhookNotification): Promise<NotifyResult> {
    return this.store([notification]);
  }

  async notifyMany(request: WebhookNotifications): Promise<NotifyResult> {
    const notifications: unknown = request?.notifications;
    if (
      !Array.isArray(notifications) ||
      notifications.length === 0 ||
      notifications.length > MAX_WEBHOOK_NOTIFICATIONS
    ) {
      throw new AppError(
        'bad_request',
        `Webhook notifications come as a list of 1 to ${MAX_WEBHOOK_NOTIFICATIONS}.`,
      );
    }
    return this.store(notifications as WebhookNotification[]);
  }

  /** In one statement, in the given order (deliveries are listed and sent by insertion order). */
  private async store(notifications: WebhookNotification[]): Promise<NotifyResult> {
    const given = notifications.map((notification) => notification ?? ({} as WebhookNotification));
    if (!given.every(isWellFormed)) {
      throw new AppError(
        'bad_request',
        'A webhook notification needs an event_id, an account_id and a body.',
      );
    }
    if (!given.every(isWellTyped)) {
      throw new AppError(
        'bad_request',
        'A webhook notification names a known event_type and key_mode, and an order_key with an integer order_position.',
      );
    }
    const { rowCount } = await this.sql.query(
      `insert into webhook_deliveries
         (id, endpoint_id, account_id, event_id, event_type, order_key, order_position, body, status, next_attempt_at, created_at)
       select 'whd_' || gen_random_uuid(), e.id, e.account_id, n.event_id, n.event_type, n.order_key, n.order_position,
         n.body, 'pending', now(), now()
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[])
         with ordinality as n(account_id, event_id, event_type, order_key, body, order_position, mode, position)
       join webhook_endpoints e on e.account_id = n.account_id and e.mode = n.mode and e.deleted_at is null
         and n.event_type = any(e.event_types)
       order by n.position, e.id
       on conflict (endpoint_id, event_id) do nothing`,
      [
        notifications.map((notification) => notification.account_id),
        notifications.map((notification) => notification.event_id),
        notifications.map((notification) => notification.event_type ?? 'shipment.shipped'),
        notifications.map((notification) => notification.order_key ?? null),
        notifications.map(withMode),
        notifications.map((notification) => notification.order_position ?? null),
        notifications.map((notification) => notification.key_mode ?? 'test'),
      ],
    );
    if (rowCount > 0) this.dispatcher.wake();
    return { created: rowCount };
  }
}
