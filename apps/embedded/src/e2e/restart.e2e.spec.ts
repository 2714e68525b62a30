import {
  apiClient,
  eventually,
  freightOrder,
  parcelOrder,
  startRuntime,
  temporaryDataDir,
} from '@shipping/testing';

const orderIds = async (client: ReturnType<typeof apiClient>) =>
  (await client.get('/orders?per_page=1000')).body.data.data.map(
    (order: { shipment_order_id: number }) => order.shipment_order_id,
  );

describe('the embedded runtime keeps its data in DATA_DIR', () => {
  it('serves the same orders and address book after a graceful restart, and continues the ids', async () => {
    const dataDir = temporaryDataDir();
    const first = await startRuntime({ dataDir });
    const before = apiClient(first.baseUrl, 'sk_test_acme');
    const created = (await before.post('/freight-orders', freightOrder())).body.data.shipment_order_id;
    const address = (await before.post('/addresses', { ...freightOrder().to_address })).body.data.id;
    await eventually(async () => ((await orderIds(before)).includes(created) ? true : undefined));
    expect(await first.stop()).toBe(0);

    const second = await startRuntime({ dataDir });
    try {
      const after = apiClient(second.baseUrl, 'sk_test_acme');
      expect(await orderIds(after)).toContain(created);
      expect((await after.get('/addresses')).body.data.map((saved: { id: number }) => saved.id)).toContain(
        address,
      );
      const next = (await after.post('/parcel-orders', parcelOrder())).body.data.shipment_order_id;
      expect(next).toBeGreaterThan(created);
      const updated = await after.post('/freight-orders', { ...freightOrder(), shipment_order_id: created });
      expect(updated.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('keeps what it acknowledged when the process is killed', async () => {
    const dataDir = temporaryDataDir();
    const first = await startRuntime({ dataDir });
    const client = apiClient(first.baseUrl, 'sk_test_acme');
    const created = (await client.post('/parcel-orders', parcelOrder())).body.data.shipment_order_id;
    await first.kill();

    const second = await startRuntime({ dataDir });
    try {
      const after = apiClient(second.baseUrl, 'sk_test_acme');
      const listed = await eventually(async () =>
        (await orderIds(after)).includes(created) ? true : undefined,
      );
      expect(listed).toBe(true);
    } finally {
      await second.stop();
    }
  });
});
