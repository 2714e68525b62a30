import {
  WEBHOOK_DATA_FIELDS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  type WebhookEventType,
} from '@shipping/contracts';
import { CARRIER_CODES } from '@shipping/reference-data';

type SchemaObject = Record<string, unknown>;

const string = { type: 'string' };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The bodies the webhook app posts: the interface's shipment body, and a batch event around the batch. */
export const WEBHOOK_BODY_SCHEMAS: Record<string, SchemaObject> = {
  WebhookShipmentBody: {
    type: 'object',
    description: "The interface's webhook body, unchanged (no `type` inside).",
    required: [
      'shipment_order_id',
      'main_tracking_number',
      'sub_tracking_numbers',
      'package_details',
      'final_price',
      'carrier',
      'service',
      'label',
    ],
    properties: {
      shipment_order_id: { type: 'integer' },
      main_tracking_number: string,
      sub_tracking_numbers: { type: 'array', items: string },
      package_details: {
        type: 'array',
        items: {
          type: 'object',
          required: ['tracking_number', 'items'],
          properties: { tracking_number: string, items: { type: 'array', items: { type: 'object' } } },
        },
      },
      final_price: { type: 'string', description: 'Decimal amount.', example: '12.34' },
      carrier: { type: 'string', enum: [...CARRIER_CODES], description: 'Carrier code.', example: 'usps' },
      service: { type: 'string', description: 'Readable service name.' },
      label: { type: 'string', format: 'uri', description: 'Signed label link.' },
    },
  },
  WebhookBatchData: {
    type: 'object',
    description: 'The batch as `GET /batches/{batch_id}` showed it right after the event, without items.',
    required: ['id', 'status', 'default_service', 'default_shipper_id', 'results'],
    properties: {
      id: string,
      status: { type: 'string', enum: ['validating', 'invalid', 'ready', 'processing', 'completed'] },
      default_service: string,
      default_shipper_id: string,
      results: ref('BatchResults'),
      labels: {
        type: 'array',
        description: '`batch.item_failed` and `batch.completed`: signed links to the merged label files.',
        items: { type: 'string', format: 'uri' },
      },
      ...WEBHOOK_DATA_FIELDS,
    },
  },
};

const batchBody = (type: WebhookEventType): SchemaObject => ({
  type: 'object',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: { const: type },
    timestamp: { type: 'string', format: 'date-time', description: 'When the event happened.' },
    data: ref('WebhookBatchData'),
  },
});

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', example },
});

const DELIVERY_HEADERS = [
  header('Webhook-Event-Type', 'The event type.', 'batch.completed'),
  header(
    'Webhook-Id',
    "The delivery's id: the same on every retry and redelivery; dedupe by it.",
    'whd_01JD2Q8Z9K3V',
  ),
  header('Webhook-Timestamp', 'Unix seconds of this attempt.', '1764064805'),
  header(
    'Webhook-Signature',
    'Both signatures, keyed with the secret `POST /webhooks` showed: `t=<timestamp>,v1=<hex HMAC-SHA256 of ' +
      '"<t>.<raw body>">`, then `, ` and the Standard Webhooks `v1,<base64 HMAC-SHA256 of ' +
      '"<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes of the secret after `whsec_`.',
    't=1764064805,v1=5f2b…, v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

/** The `webhooks` section of OpenAPI 3.1: one POST per type of WEBHOOK_EVENTS, as its row says. */
export function webhookOperations(): Record<string, { post: SchemaObject }> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `on${type.replace(/(^|[._])(\w)/g, (_, __, letter: string) => letter.toUpperCase())}`,
          summary: type,
          description: `${WEBHOOK_EVENTS[type].sentWhen} Retried until a 2xx answer or the retry schedule ends.`,
          tags: ['Webhooks'],
          // The receiver checks the signature headers; no key is sent.
          security: [],
          parameters: DELIVERY_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema:
                  WEBHOOK_EVENTS[type].body === 'shipment' ? ref('WebhookShipmentBody') : batchBody(type),
              },
            },
          },
          responses: {
            '200': { description: 'Any 2xx within WEBHOOK_TIMEOUT_MS counts as delivered.' },
          },
        },
      },
    ]),
  );
}
