import { Client } from 'pg';
import { type ShippingClient, unwrap } from '@shipping/client';
import {
  eventually,
  fieldErrorsOf,
  fedexPickupOrder as fedexPickup,
  fedexPickupRates,
  pickupAddress as inlineAddress,
  type RuntimeProcess,
  testClient,
} from '@shipping/testing';
import { onboardMerchant } from './own-merchant';

/**
 * Pickup orders and rates on Acme and Tiny, answers read by the ids it made. The list is a
 * merchant's of its own; the store failure counts Acme's pickup events, and the constraint it
 * adds for one request refuses any pickup stream while it stands: no other suite runs meanwhile.
 */
export const pickupsSuite = (runtimeOf: () => RuntimeProcess, databaseUrlOf: () => string) =>
  describe('pickup orders and pickup rates', () => {
    let runtime: RuntimeProcess;
    let acme: ShippingClient;
    let tiny: ShippingClient;

    beforeAll(() => {
      runtime = runtimeOf();
      acme = testClient(runtime.baseUrl, 'sk_test_acme');
      tiny = testClient(runtime.baseUrl, 'sk_test_tiny');
    });

    it('creates a pickup order and answers the Pickup order object of the interface', async () => {
      const created = await acme.POST('/pickup-orders', { body: fedexPickup() });
      expect(created.response.status).toBe(201);
      expect(created.data).toEqual({
        success: true,
        data: {
          id: expect.any(Number),
          from_address: {
            id: 1,
            name: 'Acme Warehouse NY',
            attention: 'Shipping desk',
            street_1: '350 5th Ave',
            street_2: 'Floor 21',
            street_3: null,
            city: 'New York',
            zip: '10118',
            state: 'NY',
            country: 'US',
            telephone: '2125550100',
            email: null,
            is_residential: false,
          },
          piece_count: 4,
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
            {
              readable_service: 'FedEx Ground Freight pickup',
              is_gfp: true,
              service: 'PICKUP-FEDEX-3',
              container_type: 'package',
              quantity: 1,
              weight: 151,
              destination_country_code: 'CA',
            },
          ],
          total_weight: '153.7 lbs',
          ready_time: '09:00',
          close_time: '17:30',
          pickup_date: '12-01-2026',
          confirmation_number: null,
          carrier_message: null,
        },
      });
    });

    it('answers an inline sender with a null id and null unset lines', async () => {
      const created = await acme.POST('/pickup-orders', {
        body: {
          carrier: 'dhl',
          from_address: inlineAddress(),
          pieces: [{ service: 'PICKUP-DHL-1', quantity: 2, weight: 3 }],
        },
      });
      expect(created.response.status).toBe(201);
      expect(created.data!.data.from_address).toEqual({
        id: null,
        ...inlineAddress(),
        attention: null,
        street_2: null,
        street_3: null,
        email: null,
      });
      expect(created.data!.data).toMatchObject({
        pickup_date: null,
        ready_time: null,
        close_time: null,
        total_weight: '6 lbs',
      });
    });

    it('updates its own pickup order by id, and refuses an unknown or foreign id', async () => {
      const { id } = unwrap(await acme.POST('/pickup-orders', { body: fedexPickup() }));
      const updated = await acme.POST('/pickup-orders', {
        body: { ...fedexPickup(), id, close_time: '18:00' },
      });
      expect(updated.response.status).toBe(200);
      expect(updated.data!.data).toMatchObject({ id, close_time: '18:00' });
      const foreign = await tiny.POST('/pickup-orders', {
        body: { ...fedexPickup(), from_address_id: 3, id },
      });
      expect(foreign.response.status).toBe(422);
      expect(fieldErrorsOf(foreign)).toEqual({ id: ['The selected id is invalid.'] });
    });

    it("refuses another account's saved address", async () => {
      const response = await tiny.POST('/pickup-orders', { body: fedexPickup() });
      expect(response.response.status).toBe(422);
      expect(fieldErrorsOf(response)).toEqual({
        from_address_id: ['The selected from_address_id is invalid.'],
      });
    });

    it('enforces the first carrier rules through HTTP', async () => {
      const response = await acme.POST('/pickup-orders', {
        body: {
          ...fedexPickup(),
          ready_time: undefined,
          pieces: [{ service: 'PICKUP-FEDEX-1', quantity: 1, weight: 1 }],
        },
      });
      expect(response.response.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(response)).sort()).toEqual([
        'pieces.0.container_type',
        'pieces.0.destination_country_code',
        'pieces.0.is_gfp',
        'ready_time',
      ]);
    });

    it('prices a pickup to the cent with awkward weights, the fuel surcharge and a residential fee', async () => {
      // fedex card: 15.00 base, 0.12 a pound, 18.5 % fuel on the base, 4.95 residential.
      // 7 x 0.35 + 3 x 1.1 = 5.75 lb -> 6 billable: base 15.72, fuel 2.9082 -> 2.91, final 23.58.
      const rate = await acme.POST('/pickup-orders/get-rates', { body: fedexPickupRates() });
      expect(rate.response.status).toBe(200);
      expect(rate.data).toEqual({
        success: true,
        data: {
          id: null,
          miscellaneous_charges: [{ name: 'Residential pickup', amount: '4.95' }],
          base_price: '15.72',
          fuel_price: '2.91',
          final_price: '23.58',
        },
      });
    });

    it('prices a saved business sender without a residential fee, and echoes the id of an own pickup', async () => {
      const { id } = unwrap(await acme.POST('/pickup-orders', { body: fedexPickup() }));
      const rate = await acme.POST('/pickup-orders/get-rates', {
        body: { id, from_address_id: 1, carrier: 'dhl', pieces: [{ quantity: 1, weight: 0.5 }] },
      });
      // dhl card: 12.00 base, 0.10 a pound (1 billable), 21.5 % fuel: base 12.10, fuel 2.6015 -> 2.60.
      expect(rate.data!.data).toEqual({
        id,
        miscellaneous_charges: [],
        base_price: '12.10',
        fuel_price: '2.60',
        final_price: '14.70',
      });
      const foreign = await tiny.POST('/pickup-orders/get-rates', {
        body: { id, from_address_id: 3, carrier: 'dhl', pieces: [{ quantity: 1, weight: 1 }] },
      });
      expect(fieldErrorsOf(foreign)).toEqual({ id: ['The selected id is invalid.'] });
    });

    it('says a valid from address is required when there is no usable sender', async () => {
      for (const sender of [{}, { from_address_id: 2_000_000 }, { from_address_id: 3 }]) {
        const response = await acme.POST('/pickup-orders/get-rates', {
          body: { ...sender, carrier: 'dhl', pieces: [{ quantity: 1, weight: 1 }] },
        });
        expect(response.response.status).toBe(422);
        expect(response.error).toEqual({
          success: false,
          message: 'The given data was invalid.',
          data: { from_address_id: ['A valid from address is required.'] },
        });
      }
    });

    it('lists pickup orders newest first to their own account only', async () => {
      const merchant = await onboardMerchant(runtime.baseUrl, 'Pickup List');
      const newest = unwrap(
        await merchant.client.POST('/pickup-orders', {
          body: {
            from_address_id: merchant.fromAddressId,
            carrier: 'usps',
            pieces: [{ service: 'PICKUP-USPS-1', quantity: 1, weight: 1 }],
          },
        }),
      );
      const page = await eventually(async () => {
        const listed = unwrap(await merchant.client.GET('/pickup-orders'));
        return listed.data[0]?.id === newest.id ? listed : undefined;
      });
      expect(page.data.map((pickup) => pickup.id)).toEqual([newest.id]);
      expect(page.data[0]).toEqual(newest);
      const acmeList = unwrap(await acme.GET('/pickup-orders', { params: { query: { per_page: 1000 } } }));
      expect(acmeList.data.map((pickup) => pickup.id)).not.toContain(newest.id);
    });

    it('answers "Pickup order could not be saved" when the store fails, and stores nothing', async () => {
      const admin = new Client({ connectionString: databaseUrlOf() });
      await admin.connect();
      const countPickupEvents = async () =>
        Number(
          (
            await admin.query(
              `select count(*) from event_store.events where stream_name like 'pickup-%' and data->>'account_id' = 'acct_acme'`,
            )
          ).rows[0].count,
        );
      try {
        const before = await countPickupEvents();
        await admin.query(
          `alter table event_store.events add constraint refuse_pickups check (stream_name not like 'pickup-%') not valid`,
        );
        const failed = await acme.POST('/pickup-orders', { body: fedexPickup() });
        expect(failed.response.status).toBe(503);
        expect(failed.error).toEqual({ success: false, message: 'Pickup order could not be saved' });
        expect(await countPickupEvents()).toBe(before);
        await admin.query('alter table event_store.events drop constraint refuse_pickups');
        const saved = await acme.POST('/pickup-orders', { body: fedexPickup() });
        expect(saved.response.status).toBe(201);
        expect(await countPickupEvents()).toBe(before + 1);
      } finally {
        await admin.query('alter table event_store.events drop constraint if exists refuse_pickups');
        await admin.end();
      }
    });
  });
