import { Client } from 'pg';
import {
  apiClient,
  eventually,
  fieldErrorsOf,
  instantShipBody,
  type RuntimeProcess,
  testClient,
  withReceiverZip,
} from '@shipping/testing';
import { onboardMerchant, type OwnMerchant } from './own-merchant';
import { hasValidSignature, startWebhookReceiver } from './webhook-receiver';

const SHIPPER_MESSAGE = 'The shipper was not found or does not meet the instant ship requirements.';

/**
 * Instant ship, switched on (the default). The parcels it ships, their ledger events and their
 * webhooks are a merchant's of its own; the refusals are Acme's and Tiny's, and Tiny's charges
 * are counted, which no other suite makes.
 */
export const instantShipSuite = (runtimeOf: () => RuntimeProcess, databaseUrlOf: () => string) =>
  describe('instant ship (switched on, the default)', () => {
    let db: Client;
    let runtime: RuntimeProcess;
    let merchant: OwnMerchant;
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
    let secret: string;
    const fromMerchant = <Body extends object>(body: Body) => ({
      ...body,
      shipper_id: merchant.shipperId,
      from_address_id: merchant.fromAddressId,
    });
    const ledgerEvents = async (type: string, accountId: string) =>
      (
        await db.query(
          `select data from event_store.events where stream_name like 'ledger-%' and event_type = $1 and data->>'account_id' = $2 order by global_position`,
          [type, accountId],
        )
      ).rows.map((row) => row.data);

    beforeAll(async () => {
      runtime = runtimeOf();
      db = new Client({ connectionString: databaseUrlOf() });
      await db.connect();
      receiver = await startWebhookReceiver();
      merchant = await onboardMerchant(runtime.baseUrl, 'Instant Ship');
      const endpoint = await merchant.client.POST('/webhooks', { body: { url: receiver.url } });
      secret = endpoint.data!.data.secret!;
    });

    afterAll(async () => {
      await receiver?.close();
      await db?.end();
    });

    it('buys the label at once, answers it with a signed URL and the PDF, charges once, and sends the webhook', async () => {
      const shipped = await merchant.client.POST('/parcel-orders/instant-ship', {
        body: fromMerchant(instantShipBody()),
      });
      expect(shipped.response.status).toBe(201);
      expect(shipped.data).toEqual({
        success: true,
        message: 'Parcel shipped.',
        data: {
          shipment_order_id: expect.stringMatching(/^\d+$/),
          main_tracking_number: expect.stringMatching(/^9400\d{18}$/),
          label_url: expect.stringContaining('/labels/'),
          documents: [{ format: 'pdf', content: expect.any(String) }],
        },
      });
      const { data } = shipped.data!;
      const document = Buffer.from(data.documents[0].content, 'base64');
      expect(document.subarray(0, 5).toString()).toBe('%PDF-');
      const label = await fetch(data.label_url);
      expect(label.status).toBe(200);
      expect(label.headers.get('content-type')).toContain('application/pdf');
      expect(Buffer.from(await label.arrayBuffer()).equals(document)).toBe(true);

      const charges = await ledgerEvents('ShipmentCharged', merchant.accountId);
      expect(charges).toEqual([
        expect.objectContaining({
          account_id: merchant.accountId,
          shipment_order_id: Number(data.shipment_order_id),
          amount_cents: 1165,
        }),
      ]);

      const [delivery] = await eventually(
        async () => (receiver.received.length > 0 ? receiver.received : undefined),
        15_000,
      );
      expect(hasValidSignature(delivery, secret)).toBe(true);
      expect(delivery.body).toEqual({
        shipment_order_id: Number(data.shipment_order_id),
        main_tracking_number: data.main_tracking_number,
        sub_tracking_numbers: [],
        package_details: [
          {
            tracking_number: data.main_tracking_number,
            items: [expect.objectContaining({ sku: 'TS-1', quantity: 2 })],
          },
        ],
        final_price: '11.65',
        carrier: 'usps',
        service: 'USPS Priority Mail',
        label: expect.stringContaining('/labels/items/shipment-'),
        mode: 'test',
      });
    });

    it('refuses a shipper that is not the account’s own postal integration, and another account’s shipper', async () => {
      const acme = testClient(runtime.baseUrl, 'sk_test_acme');
      for (const shipper_id of [2, 3, 4, 999]) {
        const refused = await acme.POST('/parcel-orders/instant-ship', {
          body: instantShipBody({ shipper_id }),
        });
        expect([shipper_id, refused.response.status, refused.error]).toEqual([
          shipper_id,
          422,
          { success: false, message: SHIPPER_MESSAGE },
        ]);
      }
    });

    it('validates the body in the envelope: service, telephone digits, saved addresses', async () => {
      const body = instantShipBody({ from_address_id: 3 });
      // A service outside the documented enum, which the typed client cannot send.
      const refused = await apiClient(runtime.baseUrl, 'sk_test_acme').post('/parcel-orders/instant-ship', {
        ...body,
        service: 'USPS-4',
        to_address: { ...body.to_address, telephone: '555-0100' },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('The given data was invalid.');
      expect(Object.keys(refused.body.data).sort()).toEqual(['service', 'to_address.telephone']);
      const acme = testClient(runtime.baseUrl, 'sk_test_acme');
      const foreignAddress = await acme.POST('/parcel-orders/instant-ship', {
        body: instantShipBody({ from_address_id: 3 }),
      });
      expect([foreignAddress.response.status, fieldErrorsOf(foreignAddress)]).toEqual([
        422,
        { from_address_id: ['The selected from_address_id is invalid.'] },
      ]);
    });

    it('refunds a parcel the carrier refuses, and ships to a bad address only while bad addresses are ignored', async () => {
      const unserved = await merchant.client.POST('/parcel-orders/instant-ship', {
        body: fromMerchant(withReceiverZip('00000')),
      });
      expect([unserved.response.status, unserved.error]).toEqual([
        422,
        {
          success: false,
          message: 'The parcel could not be shipped: Sandbox carrier: ZIP 00000 is not served.',
        },
      ]);
      const refunds = await ledgerEvents('ShipmentRefunded', merchant.accountId);
      expect(refunds).toHaveLength(1);
      const charged = (await ledgerEvents('ShipmentCharged', merchant.accountId)).find(
        (charge) => charge.shipment_order_id === refunds[0].shipment_order_id,
      );
      expect(refunds[0].amount_cents).toBe(charged.amount_cents);

      const lenient = await merchant.client.POST('/parcel-orders/instant-ship', {
        body: fromMerchant(withReceiverZip('99999')),
      });
      expect(lenient.response.status).toBe(201);
      const strict = await merchant.client.POST('/parcel-orders/instant-ship', {
        body: fromMerchant(withReceiverZip('99999', { ignore_bad_address: false })),
      });
      expect([strict.response.status, strict.error?.message]).toEqual([
        422,
        'The parcel could not be shipped: Sandbox carrier: the to_address is flagged as a bad address (ZIP 99999).',
      ]);
      expect(await ledgerEvents('ShipmentRefunded', merchant.accountId)).toHaveLength(2);
    });

    it('answers 402 when the credit does not cover the price, and charges nothing', async () => {
      const tiny = testClient(runtime.baseUrl, 'sk_test_tiny');
      const body = instantShipBody({ shipper_id: 4, from_address_id: 3, service: 'USPS-3' });
      body.package_list = [
        { count: 1, length: 6, width: 4, height: 1, weight: 0.2 } as (typeof body.package_list)[number],
      ];
      const refused = await tiny.POST('/parcel-orders/instant-ship', { body });
      expect([refused.response.status, refused.error]).toEqual([
        402,
        {
          success: false,
          message: 'There is not enough credit to ship this parcel. Please add funds to your account.',
        },
      ]);
      expect(await ledgerEvents('ShipmentCharged', 'acct_tiny')).toEqual([]);
    });

    it('sends one webhook per shipped parcel, none for refused ones', async () => {
      await new Promise((done) => setTimeout(done, 500));
      const shippedIds = (
        await db.query(
          `select data->>'shipment_order_id' as id from event_store.events where event_type = 'ParcelShipped' and data->>'account_id' = $1`,
          [merchant.accountId],
        )
      ).rows.map((row) => Number(row.id));
      await eventually(
        async () => (receiver.received.length >= shippedIds.length ? true : undefined),
        15_000,
      );
      expect(receiver.received.map((delivery) => delivery.body.shipment_order_id).sort()).toEqual(
        shippedIds.sort(),
      );
    });
  });
