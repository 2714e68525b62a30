import {
  apiClient,
  createTestDatabase,
  customsItem,
  eventually,
  freightOrder,
  parcelOrder,
  type RuntimeProcess,
  startRuntime,
  usAddress,
} from '@shipping/testing';

type Store = { name: string; env: () => Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> };

const stores: Store[] = [
  { name: 'PGlite (embedded default)', env: async () => ({ env: {}, cleanup: async () => undefined }) },
  {
    name: 'PostgreSQL server',
    env: async () => {
      const database = await createTestDatabase('orders_e2e');
      return { env: { STORE: 'postgres', DATABASE_URL: database.url }, cleanup: database.drop };
    },
  },
];

describe.each(stores)('draft orders on $name', (store) => {
  let runtime: RuntimeProcess;
  let cleanup: () => Promise<void>;
  let acme: ReturnType<typeof apiClient>;
  let tiny: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    const prepared = await store.env();
    cleanup = prepared.cleanup;
    runtime = await startRuntime({ env: prepared.env });
    acme = apiClient(runtime.baseUrl, 'sk_test_acme');
    tiny = apiClient(runtime.baseUrl, 'sk_test_tiny');
  });

  afterAll(async () => {
    await runtime?.stop();
    await cleanup?.();
  });

  it('creates a draft freight order with 201 and an integer id, then updates it with 200', async () => {
    const created = await acme.post('/freight-orders', freightOrder());
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      message: expect.any(String),
      data: { shipment_order_id: expect.any(Number) },
    });
    const id = created.body.data.shipment_order_id;
    const updated = await acme.post('/freight-orders', {
      ...freightOrder(),
      shipment_order_id: id,
      pickup_date: '2026-12-02',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({ shipment_order_id: id });
  });

  it("refuses to update another account's order, or an unknown one, as an invalid shipment_order_id", async () => {
    const { body } = await acme.post('/freight-orders', freightOrder());
    const foreign = await tiny.post('/freight-orders', {
      ...freightOrder(),
      shipment_order_id: body.data.shipment_order_id,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body).toEqual({
      success: false,
      message: 'The given data was invalid.',
      data: { shipment_order_id: [expect.any(String)] },
    });
    const unknown = await acme.post('/freight-orders', { ...freightOrder(), shipment_order_id: 99_999_999 });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.data)).toEqual(['shipment_order_id']);
  });

  it('refuses to update a parcel order through the freight endpoint', async () => {
    const parcel = await acme.post('/parcel-orders', parcelOrder());
    const crossed = await acme.post('/freight-orders', {
      ...freightOrder(),
      shipment_order_id: parcel.body.data.shipment_order_id,
    });
    expect(crossed.status).toBe(422);
    expect(Object.keys(crossed.body.data)).toEqual(['shipment_order_id']);
  });

  it('lets from_address_id take priority over a from_address, even an invalid one', async () => {
    const { from_address: _ignored, ...order } = parcelOrder();
    const response = await acme.post('/parcel-orders', {
      ...order,
      from_address_id: 1,
      from_address: { city: 42 },
    });
    expect(response.status).toBe(201);
  });

  it("refuses another account's saved address and an unknown return address", async () => {
    const response = await tiny.post('/parcel-orders', {
      ...parcelOrder(),
      from_address_id: 1,
      return_address_id: 2,
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.data).sort()).toEqual(['from_address_id', 'return_address_id']);
    const own = await tiny.post('/parcel-orders', { ...parcelOrder(), return_address_id: 3 });
    expect(own.status).toBe(201);
  });

  it('requires customs items when the saved sender address makes the shipment international', async () => {
    const toCanada = { ...usAddress(), city: 'Toronto', state: 'ON', zip: 'M5V 2T6', country: 'CA' };
    const { from_address: _none, ...order } = parcelOrder();
    const missing = await acme.post('/parcel-orders', { ...order, from_address_id: 1, to_address: toCanada });
    expect(missing.status).toBe(422);
    expect(missing.body.data).toHaveProperty(['package_list.0.items']);
    const withItems = await acme.post('/parcel-orders', {
      ...order,
      from_address_id: 1,
      to_address: toCanada,
      package_list: [{ ...order.package_list[0], items: [customsItem()] }],
    });
    expect(withItems.status).toBe(201);
  });

  it('lists open orders newest first, paginated, and only to their own account', async () => {
    const first = await tiny.post('/parcel-orders', parcelOrder());
    const second = await tiny.post('/freight-orders', freightOrder());
    const ids = [second.body.data.shipment_order_id, first.body.data.shipment_order_id];
    // The read model catches up asynchronously (and earlier specs may have listed orders of this
    // account already): the page is read once both new orders are listed.
    const idsOf = (page: { data: { shipment_order_id: number }[] }) =>
      page.data.map((order) => order.shipment_order_id);
    const listedIds = async () => idsOf((await tiny.get('/orders')).body.data);
    await eventually(async () => {
      const listed = await listedIds();
      return ids.every((id) => listed.includes(id)) ? true : undefined;
    });
    const page1 = await tiny.get('/orders?per_page=1');
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({
      current_page: 1,
      per_page: 1,
      from: 1,
      to: 1,
      prev_page_url: null,
      path: `${runtime.baseUrl}/orders`,
      first_page_url: `${runtime.baseUrl}/orders?per_page=1&page=1`,
      next_page_url: `${runtime.baseUrl}/orders?per_page=1&page=2`,
    });
    const all = await tiny.get('/orders');
    expect(idsOf(all.body.data).slice(0, 2)).toEqual(ids);
    expect(all.body.data.data[0]).toMatchObject({ kind: 'freight', status: 'draft' });
    expect(all.body.data.data[0]).not.toHaveProperty('account_id');
    const acmeOrders = await acme.get('/orders?per_page=1000');
    const acmeIds = acmeOrders.body.data.data.map(
      (order: { shipment_order_id: number }) => order.shipment_order_id,
    );
    expect(acmeIds).not.toEqual(expect.arrayContaining([ids[0]]));
  });

  it('fills parcel units from the account preferences', async () => {
    const created = await acme.post('/parcel-orders', parcelOrder());
    const listed = await eventually(async () => {
      const page = await acme.get('/orders?per_page=1000');
      return page.body.data.data.find(
        (order: any) => order.shipment_order_id === created.body.data.shipment_order_id,
      );
    });
    expect(listed.summary.total_weight).toBe('2.5 LBS');
  });

  it('lists the shippers and the address book, and saves a new address', async () => {
    const shippers = await acme.get('/shippers');
    expect(
      shippers.body.data.map((shipper: any) => [shipper.id, shipper.carrier, shipper.batch_eligible]),
    ).toEqual([
      [1, 'usps', true],
      [2, 'usps', false],
      [3, 'fedex', false],
    ]);
    const saved = await tiny.post('/addresses', { ...usAddress(), is_residential: true });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({
      id: expect.any(Number),
      city: 'Mountain View',
      is_residential: true,
    });
    const book = await tiny.get('/addresses');
    expect(book.body.data.map((address: any) => address.id)).toEqual([3, saved.body.data.id]);
    const other = await acme.get('/addresses');
    expect(other.body.data.map((address: any) => address.id)).not.toContain(saved.body.data.id);
    const useIt = await tiny.post('/parcel-orders', {
      ...parcelOrder(),
      from_address_id: saved.body.data.id,
    });
    expect(useIt.status).toBe(201);
  });
});
