import {
  apiClient,
  customsItem,
  eventually,
  freightOrder,
  parcelOrder,
  type RuntimeProcess,
  fieldErrorsOf,
  testClient,
  usAddress,
} from '@shipping/testing';
import type { ShippingClient } from '@shipping/client';

/**
 * Draft orders, on the sandbox's Acme and Tiny, whose seeded shippers and addresses it reads. On a
 * shared runtime no other suite may add orders or addresses to Tiny, nor shippers to Acme; of
 * Acme's orders it reads only those it made.
 */
export const draftOrdersSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('draft orders', () => {
    let runtime: RuntimeProcess;
    let acme: ShippingClient;
    let tiny: ShippingClient;
    let rawAcme: ReturnType<typeof apiClient>;

    beforeAll(() => {
      runtime = runtimeOf();
      acme = testClient(runtime.baseUrl, 'sk_test_acme');
      tiny = testClient(runtime.baseUrl, 'sk_test_tiny');
      rawAcme = apiClient(runtime.baseUrl, 'sk_test_acme');
    });

    it('creates a draft freight order with 201 and an integer id, then updates it with 200', async () => {
      const created = await acme.POST('/freight-orders', { body: freightOrder() });
      expect(created.response.status).toBe(201);
      expect(created.data).toEqual({
        success: true,
        message: expect.any(String),
        data: { shipment_order_id: expect.any(Number) },
      });
      const id = created.data!.data.shipment_order_id;
      const updated = await acme.POST('/freight-orders', {
        body: { ...freightOrder(), shipment_order_id: id, pickup_date: '2026-12-02' },
      });
      expect(updated.response.status).toBe(200);
      expect(updated.data!.data).toEqual({ shipment_order_id: id });
    });

    it("refuses to update another account's order, or an unknown one, as an invalid shipment_order_id", async () => {
      const { data } = await acme.POST('/freight-orders', { body: freightOrder() });
      const foreign = await tiny.POST('/freight-orders', {
        body: { ...freightOrder(), shipment_order_id: data!.data.shipment_order_id },
      });
      expect(foreign.response.status).toBe(422);
      expect(foreign.error).toEqual({
        success: false,
        message: 'The given data was invalid.',
        data: { shipment_order_id: [expect.any(String)] },
      });
      const unknown = await acme.POST('/freight-orders', {
        body: { ...freightOrder(), shipment_order_id: 99_999_999 },
      });
      expect(unknown.response.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(unknown))).toEqual(['shipment_order_id']);
    });

    it('refuses to update a parcel order through the freight endpoint', async () => {
      const parcel = await acme.POST('/parcel-orders', { body: parcelOrder() });
      const crossed = await acme.POST('/freight-orders', {
        body: { ...freightOrder(), shipment_order_id: parcel.data!.data.shipment_order_id },
      });
      expect(crossed.response.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(crossed))).toEqual(['shipment_order_id']);
    });

    it('lets from_address_id take priority over a from_address, even an invalid one', async () => {
      const { from_address: _ignored, ...order } = parcelOrder();
      // A city of the wrong type, which the typed client cannot send.
      const response = await rawAcme.post('/parcel-orders', {
        ...order,
        from_address_id: 1,
        from_address: { city: 42 },
      });
      expect(response.status).toBe(201);
    });

    it('reads a null in an optional field as absent, as the document types it', async () => {
      const response = await acme.POST('/parcel-orders', {
        body: {
          ...parcelOrder(),
          from_address_id: null,
          return_address_id: null,
          weight_unit: null,
          to_address: { ...usAddress(), attention: null, street_2: null },
        },
      });
      expect(response.response.status).toBe(201);
    });

    it("refuses another account's saved address and an unknown return address", async () => {
      const response = await tiny.POST('/parcel-orders', {
        body: { ...parcelOrder(), from_address_id: 1, return_address_id: 2 },
      });
      expect(response.response.status).toBe(422);
      expect(Object.keys(fieldErrorsOf(response)).sort()).toEqual(['from_address_id', 'return_address_id']);
      const own = await tiny.POST('/parcel-orders', { body: { ...parcelOrder(), return_address_id: 3 } });
      expect(own.response.status).toBe(201);
    });

    it('requires customs items when the saved sender address makes the shipment international', async () => {
      const toCanada = { ...usAddress(), city: 'Toronto', state: 'ON', zip: 'M5V 2T6', country: 'CA' };
      const { from_address: _none, ...order } = parcelOrder();
      const missing = await acme.POST('/parcel-orders', {
        body: { ...order, from_address_id: 1, to_address: toCanada },
      });
      expect(missing.response.status).toBe(422);
      expect(fieldErrorsOf(missing)).toHaveProperty(['package_list.0.items']);
      const withItems = await acme.POST('/parcel-orders', {
        body: {
          ...order,
          from_address_id: 1,
          to_address: toCanada,
          package_list: [{ ...order.package_list[0], items: [customsItem()] }],
        },
      });
      expect(withItems.response.status).toBe(201);
    });

    it('lists open orders newest first, paginated, and only to their own account', async () => {
      const first = await tiny.POST('/parcel-orders', { body: parcelOrder() });
      const second = await tiny.POST('/freight-orders', { body: freightOrder() });
      const ids = [second.data!.data.shipment_order_id, first.data!.data.shipment_order_id];
      // The read model catches up asynchronously (and earlier specs may have listed orders of this
      // account already): the page is read once both new orders are listed.
      const idsOf = (page: { data: { shipment_order_id: number }[] }) =>
        page.data.map((order) => order.shipment_order_id);
      const listedIds = async () => idsOf((await tiny.GET('/orders')).data!.data);
      await eventually(async () => {
        const listed = await listedIds();
        return ids.every((id) => listed.includes(id)) ? true : undefined;
      });
      const page1 = await tiny.GET('/orders', { params: { query: { per_page: 1 } } });
      expect(page1.response.status).toBe(200);
      expect(page1.data!.data).toMatchObject({
        current_page: 1,
        per_page: 1,
        from: 1,
        to: 1,
        prev_page_url: null,
        path: `${runtime.baseUrl}/orders`,
        first_page_url: `${runtime.baseUrl}/orders?per_page=1&page=1`,
        next_page_url: `${runtime.baseUrl}/orders?per_page=1&page=2`,
      });
      const all = await tiny.GET('/orders');
      expect(idsOf(all.data!.data).slice(0, 2)).toEqual(ids);
      expect(all.data!.data.data[0]).toMatchObject({ kind: 'freight', status: 'draft' });
      expect(all.data!.data.data[0]).not.toHaveProperty('account_id');
      const acmeOrders = await acme.GET('/orders', { params: { query: { per_page: 1000 } } });
      const acmeIds = acmeOrders.data!.data.data.map((order) => order.shipment_order_id);
      expect(acmeIds).not.toEqual(expect.arrayContaining([ids[0]]));
    });

    it('fills parcel units from the account preferences', async () => {
      const created = await acme.POST('/parcel-orders', { body: parcelOrder() });
      const listed = await eventually(async () => {
        const page = await acme.GET('/orders', { params: { query: { per_page: 1000 } } });
        return page.data!.data.data.find(
          (order) => order.shipment_order_id === created.data!.data.shipment_order_id,
        );
      });
      expect(listed.summary.total_weight).toBe('2.5 LBS');
    });

    it('lists the shippers and the address book, and saves a new address', async () => {
      const shippers = await acme.GET('/shippers');
      expect(
        shippers.data!.data.map((shipper) => [shipper.id, shipper.carrier, shipper.batch_eligible]),
      ).toEqual([
        [1, 'usps', true],
        [2, 'usps', false],
        [3, 'fedex', false],
      ]);
      const saved = await tiny.POST('/addresses', { body: { ...usAddress(), is_residential: true } });
      expect(saved.response.status).toBe(201);
      const savedId = saved.data!.data.id;
      expect(saved.data!.data).toMatchObject({
        id: expect.any(Number),
        city: 'Mountain View',
        is_residential: true,
      });
      const book = await tiny.GET('/addresses');
      expect(book.data!.data.map((address) => address.id)).toEqual([3, savedId]);
      const other = await acme.GET('/addresses');
      expect(other.data!.data.map((address) => address.id)).not.toContain(savedId);
      const useIt = await tiny.POST('/parcel-orders', {
        body: { ...parcelOrder(), from_address_id: savedId },
      });
      expect(useIt.response.status).toBe(201);
    });
  });
