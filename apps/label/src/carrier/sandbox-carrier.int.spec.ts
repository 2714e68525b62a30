import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { type SqlClient } from '@shipping/event-store';
import { labelShipment, withReceiver } from '../testing/label-shipment.fixture';
import { documentTexts } from '../testing/pdf-text';
import { LabelWorkerPool } from '../workers/label-worker-pool';
import type { CarrierLabelRequest } from './carrier-port';
import { BAD_ADDRESS_REASON, SandboxCarrier, UNSERVED_ZIP_REASON } from './sandbox-carrier';
import { SandboxCarrierSales } from './sandbox-carrier-sales';
import { sandboxTrackingNumber } from './sandbox-tracking-number';

describe('the sandbox carrier', () => {
  let workers: LabelWorkerPool;
  let sql: SqlClient;
  let carrier: SandboxCarrier;
  let keys = 0;
  const purchase = (
    request: Omit<CarrierLabelRequest, 'idempotency_key'>,
    idempotency_key = `key-${++keys}`,
  ) => carrier.purchase({ ...request, idempotency_key });

  beforeAll(async () => {
    workers = new LabelWorkerPool(1);
    sql = await createPgliteSqlClient();
    carrier = new SandboxCarrier(workers, new SandboxCarrierSales(sql));
  }, 60_000);
  afterAll(async () => {
    await workers.close();
    await sql.close();
  });

  it('sells a label whose tracking number comes from the item id', async () => {
    const label = await purchase({ item_id: 'jR3kT9', service: 'USPS-3', shipment: labelShipment() });
    expect(label).toEqual({
      ok: true,
      tracking_number: sandboxTrackingNumber('jR3kT9'),
      label_pdf: expect.any(Uint8Array),
    });
    if (!label.ok) return;
    const [texts] = await documentTexts(label.label_pdf);
    expect(texts).toEqual(
      expect.arrayContaining([label.tracking_number, 'USPS GROUND ADVANTAGE', 'Jane Receiver']),
    );
  });

  it.each(['00000', ' 00000 '])('refuses a to_address ZIP of %p', async (zip) => {
    const label = await purchase({
      item_id: 'x1',
      service: 'USPS-1',
      shipment: withReceiver('Jane', { zip }),
    });
    expect(label).toEqual({ ok: false, reason: 'Sandbox carrier: ZIP 00000 is not served.' });
    expect(UNSERVED_ZIP_REASON).toBe('Sandbox carrier: ZIP 00000 is not served.');
  });

  it('serves other ZIPs, also 00000 as a sender ZIP', async () => {
    const shipment = labelShipment();
    const fromZeros = { ...shipment, from_address: { ...shipment.from_address, zip: '00000' } };
    expect((await purchase({ item_id: 'x2', service: 'USPS-1', shipment: fromZeros })).ok).toBe(true);
    expect(
      (
        await purchase({
          item_id: 'x3',
          service: 'USPS-1',
          shipment: withReceiver('Jane', { zip: '000001' }),
        })
      ).ok,
    ).toBe(true);
  });

  it('ships to its bad address (ZIP 99999) unless the shipment says not to ignore bad addresses', async () => {
    const bad = withReceiver('Jane', { zip: '99999' });
    expect((await purchase({ item_id: 'x5', service: 'USPS-1', shipment: bad })).ok).toBe(true);
    expect(
      (
        await purchase({
          item_id: 'x6',
          service: 'USPS-1',
          shipment: { ...bad, ignore_bad_address: true },
        })
      ).ok,
    ).toBe(true);
    const refused = await purchase({
      item_id: 'x7',
      service: 'USPS-1',
      shipment: { ...bad, ignore_bad_address: false },
    });
    expect(refused).toEqual({ ok: false, reason: BAD_ADDRESS_REASON });
    const good = await purchase({
      item_id: 'x8',
      service: 'USPS-1',
      shipment: { ...labelShipment(), ignore_bad_address: false },
    });
    expect(good.ok).toBe(true);
  });

  it('refuses a service it does not offer', async () => {
    const label = await purchase({ item_id: 'x4', service: 'FEDEX-1', shipment: labelShipment() });
    expect(label).toEqual({ ok: false, reason: 'Sandbox carrier: service FEDEX-1 is not offered.' });
  });

  it('honours the idempotency key: a repeat answers the first label and sells nothing, after a restart too', async () => {
    const request = { item_id: 'k1', service: 'USPS-2', shipment: withReceiver('First Receiver') };
    const first = await purchase(request, 'key-k1');
    const repeat = await purchase({ ...request, service: 'USPS-1' }, 'key-k1');
    const restarted = new SandboxCarrier(workers, new SandboxCarrierSales(sql));
    const afterRestart = await restarted.purchase({ ...request, idempotency_key: 'key-k1' });

    expect(first.ok && repeat.ok && afterRestart.ok).toBe(true);
    if (!first.ok || !repeat.ok || !afterRestart.ok) return;
    expect([repeat.tracking_number, afterRestart.tracking_number]).toEqual([
      first.tracking_number,
      first.tracking_number,
    ]);
    const [texts] = await documentTexts(repeat.label_pdf);
    expect(texts).toEqual(expect.arrayContaining(['First Receiver', 'USPS PRIORITY MAIL EXPRESS']));
    expect(await carrier.sales.countFor('k1')).toBe(1);
  });

  it('sells again under another key, and sells once to concurrent purchases under one key', async () => {
    const request = { item_id: 'k2', service: 'USPS-1', shipment: labelShipment() };
    await Promise.all(Array.from({ length: 5 }, () => purchase(request, 'key-k2-a')));
    expect(await carrier.sales.countFor('k2')).toBe(1);
    await purchase(request, 'key-k2-b');
    expect(await carrier.sales.countFor('k2')).toBe(2);
  });

  it('sells nothing when it refuses', async () => {
    await purchase({ item_id: 'k3', service: 'USPS-1', shipment: withReceiver('Jane', { zip: '00000' }) });
    expect(await carrier.sales.countFor('k3')).toBe(0);
  });

  it('quotes the rate card of the service, and refuses a service it does not offer or a piece too heavy', async () => {
    const shipment = labelShipment();
    const quote = await carrier.quote({ service: 'USPS-1', shipment });
    expect(quote).toEqual({ ok: true, price_cents: expect.any(Number) });
    expect(quote.ok && quote.price_cents).toBeGreaterThan(0);
    expect(await carrier.quote({ service: 'FEDEX-1', shipment })).toEqual({
      ok: false,
      reason: 'Sandbox carrier: service FEDEX-1 is not offered.',
    });
    const heavy = {
      ...shipment,
      package_list: shipment.package_list.map((pkg) => ({ ...pkg, weight: 10_000 })),
    };
    expect(await carrier.quote({ service: 'USPS-1', shipment: heavy })).toEqual({
      ok: false,
      reason: 'Sandbox carrier: no rate of USPS-1 for this shipment.',
    });
  });

  it('voids a label it sold, again and again, and no other', async () => {
    const label = await purchase({ item_id: 'v1', service: 'USPS-1', shipment: labelShipment() });
    if (!label.ok) throw new Error('not sold');
    expect(await carrier.cancel(label.tracking_number)).toEqual({ ok: true });
    expect(await carrier.cancel(label.tracking_number)).toEqual({ ok: true });
    expect(await carrier.cancel('9400000000000000000000')).toEqual({
      ok: false,
      reason: 'Sandbox carrier: no label 9400000000000000000000 was sold.',
    });
  });
});
