import { NO_RATE_MESSAGE, shipmentPriceCents } from '@shipping/batch-domain';
import {
  type AppError,
  INSTANT_SHIP_SHIPPER_MESSAGE,
  InstantShipPatterns,
  type InstantShipment,
  type RequestContext,
} from '@shipping/contracts';
import { shipmentStreamName } from '@shipping/order-domain';
import { instantShipBody } from '@shipping/testing';
import { createOrderTestApp, type OrderTestApp, STARTUP_TIMEOUT_MS } from '../testing/order-test-app';
import { OtherAppsFake } from '../testing/other-apps.fake';
import { carrierRefusedMessage, shipmentLabelItemId } from './instant-ship-completion';
import { KEY_REUSED_MESSAGE } from './instant-ship-keys';

describe('instant ship commands', () => {
  let app: OrderTestApp;
  let otherApps: OtherAppsFake;
  let requests = 0;
  const acme = (idempotencyKey?: string): RequestContext => ({
    accountId: 'acct_acme',
    correlationId: `req-${++requests}`,
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });
  const ship = (context: RequestContext, body: unknown) =>
    app.request<InstantShipment>(InstantShipPatterns.ship, context, body);
  const refusal = (context: RequestContext, body: unknown) =>
    ship(context, body).then(
      (reply) => {
        throw new Error(`expected a refusal, got ${JSON.stringify(reply)}`);
      },
      (error: unknown) => error as AppError,
    );
  const eventTypes = async (id: number) =>
    (await app.store.readStream(shipmentStreamName(id))).map((event) => event.type);
  const allEvents = async () => (await app.store.readAll()).length;
  const price = () => {
    const { package_list } = instantShipBody();
    return shipmentPriceCents('USPS-1', { package_list, weight_unit: 'LBS' } as never) as number;
  };

  beforeAll(async () => {
    app = await createOrderTestApp({ otherApps: [OtherAppsFake] });
    otherApps = app.app.get(OtherAppsFake);
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(() => {
    otherApps.charges = [];
    otherApps.refunds = [];
    otherApps.purchases = [];
    otherApps.outOfCredit = false;
    otherApps.carrierRefusal = undefined;
  });

  it('charges the rate, buys the label and answers the shipment with its label document', async () => {
    const shipment = await ship(acme(), instantShipBody());

    const id = shipment.shipment_order_id;
    const itemId = shipmentLabelItemId(id);
    expect(shipment).toEqual({
      shipment_order_id: id,
      main_tracking_number: `TRACK-${itemId}`,
      label_key: `labels/${itemId}.pdf`,
      documents: [{ format: 'pdf', content: Buffer.from(`label labels/${itemId}.pdf`).toString('base64') }],
    });
    expect(price()).toBeGreaterThan(0);
    expect(otherApps.charges).toEqual([{ shipment_order_id: id, amount_cents: price() }]);
    expect(otherApps.purchases).toEqual([{ service: 'USPS-1', item_ids: [itemId] }]);
    expect(otherApps.refunds).toEqual([]);
    expect(await eventTypes(id)).toEqual(['InstantShipRequested', 'ParcelShipped']);
  });

  it.each([
    [
      'a shipper without its own postal integration',
      instantShipBody({ shipper_id: 2 }),
      { message: INSTANT_SHIP_SHIPPER_MESSAGE },
    ],
    [
      "another account's shipper",
      instantShipBody({ shipper_id: 4 }),
      { message: INSTANT_SHIP_SHIPPER_MESSAGE },
    ],
    [
      "another account's saved sender",
      instantShipBody({ from_address_id: 3 }),
      { data: { from_address_id: ['The selected from_address_id is invalid.'] } },
    ],
    [
      'a parcel too heavy for any rate of the service',
      instantShipBody({ package_list: [{ ...instantShipBody().package_list[0], weight: 500 }] }),
      { data: { package_list: [NO_RATE_MESSAGE] } },
    ],
  ])('refuses %s (422) before charging or recording anything', async (_case, body, expected) => {
    const before = await allEvents();

    const error = await refusal(acme(), body);

    expect(error.code).toBe('validation_failed');
    expect(error).toMatchObject(expected);
    expect(otherApps.charges).toEqual([]);
    expect(otherApps.purchases).toEqual([]);
    expect(await allEvents()).toBe(before);
  });

  it('answers a charge refused for want of credit, buying no label and recording the failure', async () => {
    otherApps.outOfCredit = true;

    const error = await refusal(acme(), instantShipBody());

    expect(error.code).toBe('insufficient_credit');
    expect(otherApps.purchases).toEqual([]);
    expect(otherApps.refunds).toEqual([]);
    const [last] = await app.store.readAll({ direction: 'backwards', maxCount: 1 });
    expect(last).toMatchObject({ type: 'InstantShipFailed', data: { code: 'insufficient_credit' } });
  });

  it('refunds the charge when the carrier refuses the label, and answers its reason', async () => {
    otherApps.carrierRefusal = 'address not deliverable';

    const error = await refusal(acme(), instantShipBody());

    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe(carrierRefusedMessage('address not deliverable'));
    expect(otherApps.charges).toHaveLength(1);
    expect(otherApps.refunds).toEqual(otherApps.charges);
    const id = otherApps.charges[0].shipment_order_id;
    expect(await eventTypes(id)).toEqual(['InstantShipRequested', 'InstantShipFailed']);
  });

  describe('with an Idempotency-Key', () => {
    it('ships once for a repeated request and answers every repeat with that shipment', async () => {
      const first = await ship(acme('ship-once'), instantShipBody());

      const repeats = await Promise.all([1, 2].map(() => ship(acme('ship-once'), instantShipBody())));

      expect(repeats).toEqual([first, first]);
      expect(otherApps.charges).toHaveLength(1);
      expect(otherApps.purchases).toHaveLength(1);
      expect(await eventTypes(first.shipment_order_id)).toEqual(['InstantShipRequested', 'ParcelShipped']);
    });

    it('refuses the key with another request, shipping nothing more', async () => {
      await ship(acme('one-request'), instantShipBody());
      const before = await allEvents();

      const error = await refusal(acme('one-request'), instantShipBody({ service: 'USPS-3' }));

      expect(error).toMatchObject({ code: 'validation_failed', message: KEY_REUSED_MESSAGE });
      expect(otherApps.charges).toHaveLength(1);
      expect(await allEvents()).toBe(before);
    });
  });
});
