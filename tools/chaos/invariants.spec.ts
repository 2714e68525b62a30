import {
  balanceEqualsLedger,
  batchItemsOnce,
  creditAddedOncePerKey,
  deliveriesDeliveredWithOneId,
  instantShipChargedAtMostOnce,
  type InvariantResult,
  noEventLostOrDuplicated,
  nothingParked,
  oneChargePerShippedBatch,
  readModelsEqualRebuild,
  salesByItemOf,
  shipmentsNotifiedOnEveryEndpoint,
  uspsLabelsSoldOnce,
  type UspsEvidence,
  type StoredEvent,
  type StreamShape,
} from './invariants';

const LEDGER = 'ledger-acct_acme';
let revision = 0;
const event = (stream: string, type: string, data: Record<string, unknown>): StoredEvent => ({
  stream,
  revision: revision++,
  type,
  data,
});

/** A shipped two-item batch: one item labelled, one refused by the carrier and refunded. */
const batch = [
  event('batch-b1', 'BatchShipped', { batch_id: 'b1', item_ids: ['i1', 'i2'] }),
  event('batch-b1', 'ItemCompleted', { batch_id: 'b1', item_id: 'i1' }),
  event('batch-b1', 'ItemFailed', { batch_id: 'b1', item_id: 'i2' }),
];
const ledger = [
  event(LEDGER, 'CreditGranted', { amount_cents: 10_000 }),
  event(LEDGER, 'CreditAdded', { amount_cents: 100, reference: 'credit-1' }),
  event(LEDGER, 'BatchCharged', { batch_id: 'b1', amount_cents: 900 }),
  event(LEDGER, 'ItemRefunded', { batch_id: 'b1', item_id: 'i2', amount_cents: 450 }),
  event(LEDGER, 'ShipmentCharged', { shipment_order_id: 7, amount_cents: 500 }),
];
const sales = new Map([['i1', 1]]);

const held = (result: InvariantResult) => result.broken.length === 0;

describe('each invariant holds on a sound history and breaks on a doctored one', () => {
  it('batch items: labelled once, or failed once with one refund', () => {
    expect(batchItemsOnce(batch, ledger, sales)).toMatchObject({ checked: 2, broken: [] });
    const labelledTwice = [...batch, event('batch-b1', 'ItemCompleted', { batch_id: 'b1', item_id: 'i1' })];
    expect(held(batchItemsOnce(labelledTwice, ledger, sales))).toBe(false);
    expect(held(batchItemsOnce(batch, ledger, new Map([['i1', 2]])))).toBe(false);
    const noRefund = ledger.filter((e) => e.type !== 'ItemRefunded');
    expect(held(batchItemsOnce(batch, noRefund, sales))).toBe(false);
    const neverFinished = batch.filter((e) => e.type !== 'ItemFailed');
    expect(held(batchItemsOnce(neverFinished, ledger, sales))).toBe(false);
  });

  it('USPS: each label sold recorded once for one item, a sale left unrecorded only where an answer was lost', () => {
    const usps: UspsEvidence = {
      sold: ['9205A', '9205B'],
      recorded: [
        { item_id: 'i1', tracking_number: '9205A' },
        { item_id: 'i3', tracking_number: '9205B' },
      ],
      outcomeUnknown: 0,
    };
    expect(uspsLabelsSoldOnce(usps)).toMatchObject({ checked: 2, broken: [] });
    expect(salesByItemOf(new Map([['i2', 1]]), usps)).toEqual(
      new Map([
        ['i2', 1],
        ['i1', 1],
        ['i3', 1],
      ]),
    );
    const boughtTwice = { ...usps, sold: [...usps.sold, '9205C'] };
    expect(held(uspsLabelsSoldOnce(boughtTwice))).toBe(false);
    expect(held(uspsLabelsSoldOnce({ ...boughtTwice, outcomeUnknown: 1 }))).toBe(true);
    const twoForOneItem = {
      ...boughtTwice,
      recorded: [...usps.recorded, { item_id: 'i1', tracking_number: '9205C' }],
    };
    expect(held(uspsLabelsSoldOnce(twoForOneItem))).toBe(false);
    expect(held(uspsLabelsSoldOnce({ ...usps, sold: ['9205A'] }))).toBe(false);
  });

  it('one charge per shipped batch', () => {
    expect(oneChargePerShippedBatch(batch, ledger)).toMatchObject({ checked: 1, broken: [] });
    const chargedTwice = [...ledger, event(LEDGER, 'BatchCharged', { batch_id: 'b1', amount_cents: 900 })];
    expect(held(oneChargePerShippedBatch(batch, chargedTwice))).toBe(false);
    const neverShipped = [...ledger, event(LEDGER, 'BatchCharged', { batch_id: 'b2', amount_cents: 900 })];
    expect(held(oneChargePerShippedBatch(batch, neverShipped))).toBe(false);
  });

  it('instant ship: each key charged at most once, no shipment charged outside the keys', () => {
    const keys = new Map([['k1', 7]]);
    expect(instantShipChargedAtMostOnce(['k1', 'k2'], keys, [7], ledger)).toMatchObject({
      checked: 2,
      broken: [],
    });
    const twice = [...ledger, event(LEDGER, 'ShipmentCharged', { shipment_order_id: 7, amount_cents: 500 })];
    expect(held(instantShipChargedAtMostOnce(['k1'], keys, [7], twice))).toBe(false);
    const second = [...ledger, event(LEDGER, 'ShipmentCharged', { shipment_order_id: 8, amount_cents: 500 })];
    expect(held(instantShipChargedAtMostOnce(['k1'], keys, [7, 8], second))).toBe(false);
    const refunded = [
      ...twice,
      event(LEDGER, 'ShipmentRefunded', { shipment_order_id: 7, amount_cents: 500 }),
    ];
    expect(held(instantShipChargedAtMostOnce(['k1'], keys, [7], refunded))).toBe(true);
  });

  it('admin credit: once per Idempotency-Key, exactly once when answered 201', () => {
    expect(creditAddedOncePerKey([{ key: 'credit-1', status: 201 }], ledger)).toMatchObject({ broken: [] });
    const addedTwice = [
      ...ledger,
      event(LEDGER, 'CreditAdded', { amount_cents: 100, reference: 'credit-1' }),
    ];
    expect(held(creditAddedOncePerKey([{ key: 'credit-1', status: 201 }], addedTwice))).toBe(false);
    expect(held(creditAddedOncePerKey([{ key: 'credit-2', status: 201 }], ledger))).toBe(false);
    expect(held(creditAddedOncePerKey([{ key: 'credit-2', status: 'no answer' }], ledger))).toBe(true);
  });

  it("balance: the ledger head equals the sum of the stream's events", () => {
    const sum = 10_000 + 100 - 900 + 450 - 500;
    expect(balanceEqualsLedger(ledger, new Map([[LEDGER, sum]]))).toMatchObject({ checked: 1, broken: [] });
    expect(held(balanceEqualsLedger(ledger, new Map([[LEDGER, sum + 100]])))).toBe(false);
    expect(held(balanceEqualsLedger(ledger, new Map()))).toBe(false);
  });

  it('streams: no revision missing, none repeated', () => {
    const sound: StreamShape = {
      app: 'batch',
      stream: 'batch-b1',
      events: 3,
      distinctRevisions: 3,
      maxRevision: 2,
      repeats: 0,
    };
    expect(noEventLostOrDuplicated([sound])).toMatchObject({ checked: 1, broken: [] });
    expect(held(noEventLostOrDuplicated([{ ...sound, events: 2, distinctRevisions: 2 }]))).toBe(false);
    expect(held(noEventLostOrDuplicated([{ ...sound, repeats: 1 }]))).toBe(false);
  });

  it('read models: every table equal to its rebuild', () => {
    const table = { table: 'batch_view', equal: true, liveRows: 3, rebuiltRows: 3 };
    expect(readModelsEqualRebuild([{ app: 'batch', tables: [table] }])).toMatchObject({
      checked: 1,
      broken: [],
    });
    const stale = { ...table, equal: false, liveRows: 2 };
    expect(held(readModelsEqualRebuild([{ app: 'batch', tables: [table, stale] }]))).toBe(false);
  });

  it('webhooks: every delivery delivered and received, each body under one Webhook-Id', () => {
    const deliveries = [
      { id: 'd1', path: '/hooks/a', status: 'delivered' },
      { id: 'd2', path: '/hooks/b', status: 'delivered' },
    ];
    const received = [
      { path: '/hooks/a', webhookId: 'd1', raw: '{"n":1}' },
      { path: '/hooks/a', webhookId: 'd1', raw: '{"n":1}' },
      { path: '/hooks/b', webhookId: 'd2', raw: '{"n":1}' },
    ];
    expect(deliveriesDeliveredWithOneId(deliveries, received)).toMatchObject({ checked: 2, broken: [] });
    expect(
      held(
        deliveriesDeliveredWithOneId(
          [...deliveries, { id: 'd3', path: '/hooks/a', status: 'pending' }],
          received,
        ),
      ),
    ).toBe(false);
    expect(held(deliveriesDeliveredWithOneId(deliveries, received.slice(0, 2)))).toBe(false);
    const twoIds = [...received, { path: '/hooks/a', webhookId: 'd3', raw: '{"n":1}' }];
    expect(
      held(
        deliveriesDeliveredWithOneId(
          [...deliveries, { id: 'd3', path: '/hooks/a', status: 'delivered' }],
          twoIds,
        ),
      ),
    ).toBe(false);
  });

  it('shipments: each notified on every endpoint', () => {
    const body = (number: string) => JSON.stringify({ main_tracking_number: number });
    const received = [
      { path: '/hooks/a', webhookId: 'd1', raw: body('T1') },
      { path: '/hooks/b', webhookId: 'd2', raw: body('T1') },
    ];
    const paths = ['/hooks/a', '/hooks/b'];
    expect(shipmentsNotifiedOnEveryEndpoint(['T1'], paths, received)).toMatchObject({
      checked: 2,
      broken: [],
    });
    expect(held(shipmentsNotifiedOnEveryEndpoint(['T1'], paths, received.slice(0, 1)))).toBe(false);
    expect(held(shipmentsNotifiedOnEveryEndpoint(['T1', 'T2'], paths, received))).toBe(false);
  });

  it('parked: nothing', () => {
    expect(nothingParked([], 6)).toMatchObject({ checked: 6, broken: [] });
    expect(held(nothingParked([{ app: 'order', subscription: 'order.webhooks', eventId: 'e1' }], 6))).toBe(
      false,
    );
  });
});
