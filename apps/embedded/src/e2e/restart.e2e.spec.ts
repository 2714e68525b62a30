import { type ShippingClient, unwrap } from '@shipping/client';
import {
  eventually,
  freightOrder,
  parcelOrder,
  startRuntime,
  temporaryDataDir,
  testClient,
} from '@shipping/testing';

const orderIds = async (client: ShippingClient) =>
  unwrap(await client.GET('/orders', { params: { query: { per_page: 1000 } } })).data.map(
    (order) => order.shipment_order_id,
  );

describe('the embedded runtime keeps its data in DATA_DIR', () => {
  it('serves the same orders and address book after a graceful restart, and continues the ids', async () => {
    const dataDir = temporaryDataDir();
    const first = await startRuntime({ dataDir });
    const before = testClient(first.baseUrl, 'sk_test_acme');
    const created = unwrap(await before.POST('/freight-orders', { body: freightOrder() })).shipment_order_id;
    const address = unwrap(await before.POST('/addresses', { body: { ...freightOrder().to_address } })).id;
    await eventually(async () => ((await orderIds(before)).includes(created) ? true : undefined));
    expect(await first.stop()).toBe(0);

    const second = await startRuntime({ dataDir });
    try {
      const after = testClient(second.baseUrl, 'sk_test_acme');
      expect(await orderIds(after)).toContain(created);
      expect(unwrap(await after.GET('/addresses')).map((saved) => saved.id)).toContain(address);
      const next = unwrap(await after.POST('/parcel-orders', { body: parcelOrder() })).shipment_order_id;
      expect(next).toBeGreaterThan(created);
      const updated = await after.POST('/freight-orders', {
        body: { ...freightOrder(), shipment_order_id: created },
      });
      expect(updated.response.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('keeps what it acknowledged when the process is killed', async () => {
    const dataDir = temporaryDataDir();
    const first = await startRuntime({ dataDir });
    const client = testClient(first.baseUrl, 'sk_test_acme');
    const created = unwrap(await client.POST('/parcel-orders', { body: parcelOrder() })).shipment_order_id;
    await first.kill();

    const second = await startRuntime({ dataDir });
    try {
      const after = testClient(second.baseUrl, 'sk_test_acme');
      const listed = await eventually(async () =>
        (await orderIds(after)).includes(created) ? true : undefined,
      );
      expect(listed).toBe(true);
    } finally {
      await second.stop();
    }
  });
});
