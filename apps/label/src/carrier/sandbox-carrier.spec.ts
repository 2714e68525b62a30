import { labelShipment, withReceiver } from '../testing/label-shipment.fixture';
import { documentTexts } from '../testing/pdf-text';
import { LabelWorkerPool } from '../workers/label-worker-pool';
import { BAD_ADDRESS_REASON, SandboxCarrier, UNSERVED_ZIP_REASON } from './sandbox-carrier';
import { sandboxTrackingNumber } from './sandbox-tracking-number';

describe('the sandbox carrier', () => {
  let workers: LabelWorkerPool;
  let carrier: SandboxCarrier;

  beforeAll(() => {
    workers = new LabelWorkerPool(1);
    carrier = new SandboxCarrier(workers);
  });
  afterAll(() => workers.close());

  it('sells a label whose tracking number comes from the item id', async () => {
    const label = await carrier.purchase({ item_id: 'jR3kT9', service: 'USPS-3', shipment: labelShipment() });
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
    const label = await carrier.purchase({
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
    expect((await carrier.purchase({ item_id: 'x2', service: 'USPS-1', shipment: fromZeros })).ok).toBe(true);
    expect(
      (
        await carrier.purchase({
          item_id: 'x3',
          service: 'USPS-1',
          shipment: withReceiver('Jane', { zip: '000001' }),
        })
      ).ok,
    ).toBe(true);
  });

  it('ships to its bad address (ZIP 99999) unless the shipment says not to ignore bad addresses', async () => {
    const bad = withReceiver('Jane', { zip: '99999' });
    expect((await carrier.purchase({ item_id: 'x5', service: 'USPS-1', shipment: bad })).ok).toBe(true);
    expect(
      (
        await carrier.purchase({
          item_id: 'x6',
          service: 'USPS-1',
          shipment: { ...bad, ignore_bad_address: true },
        })
      ).ok,
    ).toBe(true);
    const refused = await carrier.purchase({
      item_id: 'x7',
      service: 'USPS-1',
      shipment: { ...bad, ignore_bad_address: false },
    });
    expect(refused).toEqual({ ok: false, reason: BAD_ADDRESS_REASON });
    const good = await carrier.purchase({
      item_id: 'x8',
      service: 'USPS-1',
      shipment: { ...labelShipment(), ignore_bad_address: false },
    });
    expect(good.ok).toBe(true);
  });

  it('refuses a service it does not offer', async () => {
    const label = await carrier.purchase({ item_id: 'x4', service: 'FEDEX-1', shipment: labelShipment() });
    expect(label).toEqual({ ok: false, reason: 'Sandbox carrier: service FEDEX-1 is not offered.' });
  });
});
