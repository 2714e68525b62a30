/**
 * An example `data` of every success answer, by the component schema that describes it; a page
 * or a list of a schema is made of its example. The document spec validates each against its schema.
 */
const created = '2026-11-25T10:00:00.000Z';
const results = {
  total_count: 2,
  valid_count: 2,
  invalid_count: 0,
  completed_count: 0,
  failed_count: 0,
  completion_percentage: '0%',
};
const batchSummary = {
  id: 'k3G7QAe5',
  status: 'processing',
  default_service: 'USPS-1',
  default_shipper_id: 'Zr4p',
  results,
};
const address = {
  name: 'Jane Sender',
  attention: null,
  street_1: '350 5th Ave',
  street_2: null,
  street_3: null,
  city: 'New York',
  zip: '10118',
  state: 'NY',
  country: 'US',
  telephone: '2125550100',
};
const account = { id: 'acct_8kq2', name: 'Acme', weight_unit: 'LBS', length_unit: 'IN', created_at: created };
const apiKey = {
  id: 'key_3f9a',
  mode: 'test',
  prefix: 'sk_test_',
  last4: 'a1b2',
  created_at: created,
  revoked_at: null,
};
const webhook = {
  id: 12,
  url: 'https://example.com/hooks/shipping',
  events: ['shipment.shipped', 'batch.completed'],
  created_at: created,
};
const labelLink =
  'http://127.0.0.1:3000/labels/batches/k3G7QAe5/labels-1.pdf?expires=1764669600&signature=9b1f0c';

export const RESPONSE_EXAMPLES: Record<string, unknown> = {
  Health: { status: 'ok' },
  Shipper: {
    id: 1,
    hash_id: 'Zr4p',
    name: 'USPS (own account)',
    carrier: 'usps',
    integration: 'own',
    batch_eligible: true,
    instant_ship_eligible: true,
    has_credentials: true,
    credentials_set_at: created,
  },
  CredentialsVerified: { verified: true },
  CredentialsResealed: { resealed: 3, key_id: 'k2' },
  SavedAddress: { id: 3, ...address, email: null, is_residential: false },
  SavedOrder: { shipment_order_id: 1042 },
  OpenOrder: {
    shipment_order_id: 1042,
    kind: 'parcel',
    status: 'draft',
    summary: { from: 'New York, US', to: 'Berlin, DE', pieces: 1, total_weight: '1.2 KG', ship_date: null },
    created_at: created,
    updated_at: created,
  },
  InstantShipment: {
    shipment_order_id: '1043',
    main_tracking_number: '9400100000000000000001',
    label_url: 'http://127.0.0.1:3000/labels/shipments/1043.pdf?expires=1764669600&signature=5e2d1a',
    documents: [{ format: 'pdf', content: 'JVBERi0xLjcK...' }],
  },
  PickupOrder: {
    id: 7,
    from_address: { id: 1, ...address, is_residential: false },
    piece_count: 3,
    status: 'ready',
    carrier: 'fedex',
    pieces: [
      {
        readable_service: 'FedEx Express pickup',
        is_gfp: false,
        service: 'PICKUP-FEDEX-1',
        container_type: 'package',
        quantity: 3,
        weight: 2,
        destination_country_code: 'US',
      },
    ],
    total_weight: '3.3 lbs',
    ready_time: '09:00',
    close_time: '17:30',
    pickup_date: '12-01-2026',
    confirmation_number: null,
    carrier_message: null,
  },
  PickupRate: {
    id: null,
    miscellaneous_charges: [{ name: 'Residential pickup', amount: '5.25' }],
    base_price: '16.50',
    fuel_price: '2.93',
    final_price: '24.68',
  },
  BatchResults: results,
  CreatedBatch: { ...batchSummary, status: 'validating', results: undefined },
  BatchSummary: batchSummary,
  BatchListEntry: { ...batchSummary, created_at: created },
  BatchItem: {
    id: 'itm_3Vq8Zr',
    status: 'completed',
    errors: null,
    shipment_order: { main_tracking_number: '9400100000000000000002' },
  },
  Batch: { ...batchSummary, items: 'BatchItemPage', labels: [labelLink] },
  Account: account,
  AccountSummary: { ...account, balance: '250.00' },
  AdminAccountSummary: { ...account, balance: '250.00', live_balance: '0.00' },
  CallerAccount: { ...account, balance: '250.00', mode: 'test' },
  AuditKeys: {
    keys: [
      {
        key_id: 'audit-2026-11',
        algorithm: 'Ed25519',
        public_key: 'MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=',
        signing: true,
      },
    ],
  },
  AuditCheckpoint: {
    sequence: 42,
    position: { commit: '918273', prepare: '420001' },
    events: '420000',
    chain: '5f0c3b1e9a7d2c4b8e6f1a3d5c7b9e2f4a6c8e0b2d4f6a8c1e3b5d7f9a0c2e4b',
    heads: [
      {
        stream: 'batch-bat_8kLmN3',
        revision: '2004',
        hash: '9b2e4d6f8a1c3e5b7d9f2a4c6e8b0d2f4a6c8e1b3d5f7a9c2e4b6d8f0a1c3e5d',
      },
    ],
    key_id: 'audit-2026-11',
    signature:
      'm3Q2bEw5Zk9yR2h4VnN0YjFkQ2F3T1p6c0x1K2pQeGlIcm9mN2RXa1NnPT0aYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ekFCQ0Q=',
    created_at: '2026-11-28T10:15:00.000Z',
  },
  ApiKey: apiKey,
  CreatedApiKey: { ...apiKey, key: 'sk_test_4bd1c0e2b9a84f6f9d3ea1b2' },
  Credit: {
    id: 'b7e4a1c2-1f0e-4f7e-9a51-3c2d1e0f9a8b',
    account_id: 'acct_8kq2',
    mode: 'test',
    amount: '250.00',
    reference: 'INV-2026-0042',
    balance: '250.00',
  },
  LedgerEntry: {
    kind: 'charge',
    type: 'BatchCharged',
    amount: '-12.50',
    batch_id: 'k3G7QAe5',
    item_id: null,
    shipment_order_id: null,
    reference: null,
    created_at: created,
  },
  BatchEvent: {
    id: '0b8f2c1e-7d4a-4b8e-9f3a-2c1d0e9f8a7b',
    type: 'BatchShipped',
    version: 1,
    data: {
      batch_id: 'k3G7QAe5',
      account_id: 'acct_8kq2',
      charged_cents: 1250,
      item_ids: ['itm_3Vq8Zr', 'itm_9LmP2x'],
      at: created,
    },
    occurred_at: created,
    correlation_id: 'ship-batch-1',
    causation_id: null,
  },
  WebhookEndpoint: webhook,
  RegisteredWebhookEndpoint: { ...webhook, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
  WebhookDelivery: {
    id: 'whd_01JD2Q8Z9K3V',
    webhook_id: 12,
    event_id: '0b8f2c1e-7d4a-4b8e-9f3a-2c1d0e9f8a7b',
    event_type: 'batch.completed',
    status: 'delivered',
    attempt_count: 1,
    next_attempt_at: null,
    created_at: created,
    attempts: [{ number: 1, at: created, status_code: 200, error: null, duration_ms: 84 }],
  },
};

/** The example of a schema by name; a page of one is made around its item's example. */
export function exampleOf(name: string, pageUrl = 'http://127.0.0.1:3000/batches'): unknown {
  if (name.endsWith('Page')) {
    const item = exampleOf(name.slice(0, -'Page'.length));
    return {
      current_page: 1,
      data: [item],
      first_page_url: `${pageUrl}?page=1`,
      from: 1,
      next_page_url: null,
      path: pageUrl,
      per_page: 100,
      prev_page_url: null,
      to: 1,
    };
  }
  const example = RESPONSE_EXAMPLES[name];
  if (example === undefined) throw new Error(`No example of ${name}`);
  if (name === 'Batch') return { ...(example as object), items: exampleOf('BatchItemPage') };
  return JSON.parse(JSON.stringify(example));
}
