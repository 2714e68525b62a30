import { WEBHOOK_EVENT_TYPES } from '@shipping/contracts';
import { batchEventSchemas } from './batch-event-schemas';
import { CARRIER_CODES } from '@shipping/reference-data';

/** JSON Schema 2020-12, as OpenAPI 3.1 uses it (the swagger types predate `const`). */
type SchemaObject = Record<string, unknown>;

/**
 * The `data` of each success answer, as JSON Schema (OpenAPI 3.1). Objects stay open to new
 * properties (adding one is a compatible change); what is listed is what clients may rely on.
 */
const string: SchemaObject = { type: 'string' };
const integer: SchemaObject = { type: 'integer' };
const boolean: SchemaObject = { type: 'boolean' };
export type { SchemaObject };
const nullable = (schema: SchemaObject): SchemaObject => ({ anyOf: [schema, { type: 'null' }] });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const object = (properties: Record<string, SchemaObject>, optional: string[] = []): SchemaObject => ({
  type: 'object',
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
  properties,
});

export const pageOf = (item: string): SchemaObject =>
  object({
    current_page: integer,
    data: { type: 'array', items: ref(item) },
    first_page_url: string,
    from: nullable(integer),
    next_page_url: nullable(string),
    path: string,
    per_page: integer,
    prev_page_url: nullable(string),
    to: nullable(integer),
  });

const WEBHOOK_EVENTS: SchemaObject = {
  type: 'array',
  items: { $ref: '#/components/schemas/WebhookEventType' },
  description: 'The event types the endpoint receives.',
};

const BATCH_STATUS: SchemaObject = {
  type: 'string',
  enum: ['validating', 'invalid', 'ready', 'processing', 'completed'],
};

const batchResults = object({
  total_count: integer,
  valid_count: integer,
  invalid_count: integer,
  completed_count: integer,
  failed_count: integer,
  completion_percentage: { type: 'string', example: '30%' },
});

const batchSummary = {
  id: { type: 'string', description: 'Batch hash id.' },
  status: BATCH_STATUS,
  default_service: string,
  default_shipper_id: { type: 'string', description: 'Shipper hash id.' },
  results: ref('BatchResults'),
};

const postalLines = {
  name: string,
  attention: nullable(string),
  street_1: string,
  street_2: nullable(string),
  street_3: nullable(string),
  city: string,
  zip: string,
  state: nullable(string),
  country: string,
  telephone: string,
};

const dateTime: SchemaObject = { type: 'string', format: 'date-time' };
const carrier: SchemaObject = { type: 'string', enum: [...CARRIER_CODES], description: 'Carrier code.' };
const money = (description: string): SchemaObject => ({ type: 'string', example: '250.00', description });

const account = {
  id: { type: 'string', description: 'Account id.' },
  name: string,
  weight_unit: { type: 'string', enum: ['LBS', 'KG'] },
  length_unit: { type: 'string', enum: ['IN', 'CM'] },
  created_at: dateTime,
};

const apiKey = {
  id: { type: 'string', example: 'key_3f9a' },
  mode: { type: 'string', enum: ['live', 'test'] },
  prefix: { type: 'string', example: 'sk_test_' },
  last4: string,
  created_at: dateTime,
  revoked_at: nullable(dateTime),
};

/** Named schemas, referenced from the answers as `#/components/schemas/<name>`. */
export const RESPONSE_SCHEMAS: Record<string, SchemaObject> = {
  ...batchEventSchemas(),
  WebhookEventType: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] },
  Health: object({ status: { type: 'string', const: 'ok' } }),
  AuditKeys: object({
    keys: {
      type: 'array',
      description: 'The signing key first, then retired keys whose checkpoints still verify.',
      items: object({
        key_id: string,
        algorithm: { type: 'string', const: 'Ed25519' },
        public_key: { type: 'string', description: 'The raw 32-byte public key, base64.' },
        signing: boolean,
      }),
    },
  }),
  AuditCheckpoint: object({
    sequence: integer,
    position: object({ commit: string, prepare: string }),
    events: { type: 'string', description: 'Events in $all up to the position, decimal.' },
    chain: { type: 'string', description: 'The chain of $all up to the position, SHA-256 hex.' },
    heads: {
      type: 'array',
      description: 'The last event of each stream written since the previous checkpoint.',
      items: object({ stream: string, revision: string, hash: string }),
    },
    key_id: string,
    signature: {
      type: 'string',
      description:
        'Ed25519, base64, over the RFC 8785 text of sequence, position, events, chain, heads and keyId (the key_id).',
    },
    created_at: nullable(dateTime),
  }),
  Shipper: object({
    id: integer,
    hash_id: string,
    name: string,
    carrier,
    integration: { type: 'string', enum: ['own', 'platform'] },
    batch_eligible: boolean,
    instant_ship_eligible: boolean,
    has_credentials: boolean,
    credentials_set_at: nullable(dateTime),
  }),
  CredentialsVerified: object({ verified: { type: 'boolean', const: true } }),
  CredentialsResealed: object({ resealed: integer, key_id: string }),
  SavedAddress: object({ id: integer, ...postalLines, email: nullable(string), is_residential: boolean }, [
    'attention',
    'street_2',
    'street_3',
    'state',
    'email',
  ]),
  SavedOrder: object({ shipment_order_id: integer }),
  OpenOrder: object({
    shipment_order_id: integer,
    kind: { type: 'string', enum: ['freight', 'parcel'] },
    status: { type: 'string', enum: ['draft'] },
    summary: object({
      from: string,
      to: string,
      pieces: integer,
      total_weight: string,
      ship_date: nullable(string),
    }),
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  }),
  InstantShipment: object({
    shipment_order_id: string,
    main_tracking_number: string,
    label_url: { type: 'string', format: 'uri' },
    documents: {
      type: 'array',
      items: object({ format: { type: 'string', example: 'pdf' }, content: string }),
    },
  }),
  PickupOrder: object({
    id: integer,
    from_address: object({ id: nullable(integer), ...postalLines, is_residential: boolean }),
    piece_count: integer,
    status: { type: 'string', enum: ['ready', 'pending', 'scheduled', 'failed', 'cancelled'] },
    carrier,
    pieces: {
      type: 'array',
      items: object(
        {
          readable_service: { type: 'string', description: 'The service as people read it.' },
          is_gfp: boolean,
          service: { type: 'string', description: 'Carrier pickup service code, `PICKUP-<CARRIER>-<n>`.' },
          container_type: nullable({ type: 'string', enum: ['package', 'letter'] }),
          quantity: integer,
          weight: { type: 'integer', description: 'Whole pounds, rounded up.' },
          destination_country_code: nullable(string),
        },
        ['container_type', 'destination_country_code'],
      ),
    },
    total_weight: string,
    ready_time: nullable(string),
    close_time: nullable(string),
    pickup_date: nullable(string),
    confirmation_number: nullable(string),
    carrier_message: nullable(string),
  }),
  PickupRate: object({
    id: nullable(integer),
    miscellaneous_charges: {
      type: 'array',
      description: 'Charges beyond base and fuel; empty when there are none.',
      items: object({ name: string, amount: money('The charge, in dollars.') }),
    },
    base_price: string,
    fuel_price: string,
    final_price: string,
  }),
  BatchResults: batchResults,
  CreatedBatch: object({
    id: batchSummary.id,
    status: batchSummary.status,
    default_service: string,
    default_shipper_id: batchSummary.default_shipper_id,
  }),
  BatchSummary: object(batchSummary),
  BatchListEntry: object({ ...batchSummary, created_at: { type: 'string', format: 'date-time' } }),
  BatchItem: object({
    id: string,
    status: { type: 'string', enum: ['valid', 'invalid', 'completed', 'failed'] },
    errors: nullable({ type: 'object', additionalProperties: { type: 'array', items: string } }),
    shipment_order: nullable(object({ main_tracking_number: string })),
  }),
  Batch: object(
    {
      ...batchSummary,
      items: ref('BatchItemPage'),
      labels: { type: 'array', items: { type: 'string', format: 'uri' } },
    },
    ['labels'],
  ),
  Account: object(account),
  AccountSummary: object({ ...account, balance: money('The test credit left, in dollars.') }),
  AdminAccountSummary: object({
    ...account,
    balance: money('The test credit left, in dollars.'),
    live_balance: money('The live credit left, in dollars.'),
  }),
  CallerAccount: object({
    ...account,
    balance: money("The credit left in the key's mode (test or live credit), in dollars."),
    mode: {
      type: 'string',
      enum: ['test', 'live'],
      description:
        "The mode of the API key the request was made with: the key sees and creates only this mode's orders, pickups, batches, webhook endpoints and ledger.",
    },
  }),
  AccountPage: pageOf('Account'),
  ApiKey: object(apiKey),
  CreatedApiKey: object(
    {
      ...apiKey,
      key: {
        type: 'string',
        description: 'The key itself: shown in the first answer only, never in a replay.',
      },
    },
    ['key'],
  ),
  Credit: object({
    id: string,
    account_id: string,
    mode: { type: 'string', enum: ['live', 'test'], description: 'The ledger the credit went to.' },
    amount: money('The credit added.'),
    reference: string,
    balance: money("The credit left after this one in its mode's ledger, in dollars."),
  }),
  LedgerEntry: object({
    kind: { type: 'string', enum: ['credit', 'charge', 'refund'] },
    type: string,
    amount: {
      type: 'string',
      example: '-12.50',
      description: 'Positive for what adds to the balance, negative for what takes from it.',
    },
    batch_id: nullable(string),
    item_id: nullable(string),
    shipment_order_id: nullable(integer),
    reference: nullable(string),
    created_at: dateTime,
  }),
  LedgerEntryPage: pageOf('LedgerEntry'),
  BatchItemPage: pageOf('BatchItem'),
  OpenOrderPage: pageOf('OpenOrder'),
  PickupOrderPage: pageOf('PickupOrder'),
  BatchListEntryPage: pageOf('BatchListEntry'),
  BatchEventPage: pageOf('BatchEvent'),
  WebhookDeliveryPage: pageOf('WebhookDelivery'),
  AuditCheckpointPage: pageOf('AuditCheckpoint'),
  WebhookEndpoint: object({
    id: integer,
    url: { type: 'string', format: 'uri' },
    events: WEBHOOK_EVENTS,
    created_at: string,
  }),
  RegisteredWebhookEndpoint: object(
    {
      id: integer,
      url: { type: 'string', format: 'uri' },
      events: WEBHOOK_EVENTS,
      created_at: string,
      secret: { type: 'string', description: 'Shown in the first answer only, never in a replay.' },
    },
    ['secret'],
  ),
  WebhookDelivery: object({
    id: string,
    webhook_id: integer,
    event_id: string,
    event_type: { $ref: '#/components/schemas/WebhookEventType' },
    status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
    attempt_count: integer,
    next_attempt_at: nullable(string),
    created_at: string,
    attempts: {
      type: 'array',
      items: object({
        number: integer,
        at: string,
        status_code: nullable(integer),
        error: nullable(string),
        duration_ms: { type: 'number' },
      }),
    },
  }),
};
