import type { PageRequest } from '../pagination/paginate';
import type { KeyMode } from './request-context';
import type { WebhookBatchBody, WebhookEventType } from './webhook-event-types';

/** Webhook endpoints and deliveries, owned by the webhook app. Requests travel as `AppMessage<payload>`. */
export const WebhookPatterns = {
  register: 'webhook.endpoints.register',
  list: 'webhook.endpoints.list',
  update: 'webhook.endpoints.update',
  remove: 'webhook.endpoints.remove',
  deliveries: 'webhook.deliveries.list',
  redeliver: 'webhook.deliveries.redeliver',
  /** Request/reply: answers once the deliveries are stored, so the sender may move its checkpoint. */
  notify: 'webhook.notify',
  /** The same for up to MAX_WEBHOOK_NOTIFICATIONS at once (a batch's completed items), in one statement. */
  notifyMany: 'webhook.notify-many',
} as const;

export const MAX_WEBHOOK_NOTIFICATIONS = 500;

/** The interface's webhook body (Events), sent after a successful shipment. */
export interface WebhookShipmentBody {
  shipment_order_id: number;
  main_tracking_number: string;
  sub_tracking_numbers: string[];
  package_details: { tracking_number: string; items: unknown[] }[];
  /** Decimal amount, e.g. "12.34". */
  final_price: string;
  /** Carrier code. */
  carrier: string;
  /** Readable service name. */
  service: string;
  /** Label URL. */
  label: string;
}

export interface WebhookNotification {
  /** The source event's id: a notification sent twice for one event delivers once per endpoint. */
  event_id: string;
  /** The account whose endpoints receive the body (authoritative over the envelope's context). */
  account_id: string;
  /**
   * The mode of the key the event's work began with (its batch's or shipment's `key_mode`): only
   * the account's endpoints of that mode receive it, with the mode in the body. Absent: test, as
   * everything was before keys had modes.
   */
  key_mode?: KeyMode;
  /** Absent: `shipment.shipped`. Only endpoints subscribed to the type get a delivery. */
  event_type?: WebhookEventType;
  /**
   * Deliveries of one endpoint with the same key are sent one at a time in `order_position`
   * order (a batch's events): a later one waits while an earlier one is pending, retries included.
   */
  order_key?: string;
  order_position?: number;
  body: WebhookShipmentBody | WebhookBatchBody;
}

export interface WebhookNotifications {
  notifications: WebhookNotification[];
}

export interface WebhookEndpointView {
  id: number;
  url: string;
  /** The event types the endpoint receives. */
  events: WebhookEventType[];
  created_at: string;
}

/** Only the registration answer shows the signing secret. */
export interface RegisteredWebhookEndpoint extends WebhookEndpointView {
  secret: string;
}

/**
 * The webhook app's answer to a registration: the signing secret sealed (MESSAGE_SECRET_KEYS) in
 * the context of the account and endpoint, for the gateway to open; absent from a replay.
 */
export interface RegisteredWebhookEndpointReply extends WebhookEndpointView {
  sealed_secret?: string;
}

/** What a registration's sealed secret is bound to: it opens for this account and endpoint only. */
export const registeredSecretContext = (accountId: string, endpointId: number) =>
  `webhook.register:${accountId}:${endpointId}`;

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookAttemptView {
  number: number;
  at: string;
  /** Null when no response came (refused target, network error, timeout). */
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface WebhookDeliveryView {
  /** The `Webhook-Id` header of every attempt of this delivery. */
  id: string;
  webhook_id: number;
  event_id: string;
  event_type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  created_at: string;
  attempts: WebhookAttemptView[];
}

/** Path parameters travel as sent; the webhook app answers 404 for anything that is not its id. */
export interface WebhookEndpointRef {
  webhook_id: string;
}

/** `PATCH /webhooks/{id}`: the body as sent; the webhook app validates it. */
export interface WebhookUpdateRequest extends WebhookEndpointRef {
  changes: unknown;
}

export interface WebhookDeliveriesRequest extends WebhookEndpointRef, PageRequest {}

export interface WebhookRedeliverRequest extends WebhookEndpointRef {
  delivery_id: string;
}

export const WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE = 'Webhook endpoint not found.';
export const WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE = 'Webhook delivery not found.';
export const DELIVERY_IN_FLIGHT_MESSAGE =
  'The delivery is being sent right now; ask again once its attempt is listed.';
/** One answer for an internal address and a host that does not resolve: two would map internal names. */
export const REFUSED_URL_MESSAGE =
  'The url must point to a public address: hosts that do not resolve, and loopback, private or otherwise internal addresses, are refused.';
export const endpointLimitMessage = (limit: number) =>
  `An account can have at most ${limit} webhook endpoints in each key mode; delete one before adding another.`;
