import { internationalLabelRequestFindings, UspsMockServer } from '@shipping/testing';
import { PDFDocument } from 'pdf-lib';
import { code128Widths } from '../../rendering/code128';
import { internationalShipment } from '../../testing/international-shipment.fixture';
import { barcodeModules } from '../../testing/pdf-barcode';
import { documentTexts } from '../../testing/pdf-text';
import type { CarrierLabelRequest } from '../carrier-port';
import { UspsAnswerError } from './usps-faults';
import { UspsCarrier } from './usps-carrier';
import { UspsSessions } from './usps-sessions';
import type { UspsIntegration } from './usps-types';

const INTEGRATION: UspsIntegration = {
  id: 'shipper-2000',
  client_id: 'initech-consumer-key',
  client_secret: 'initech-consumer-secret',
  crid: '56982563',
  mid: '904128936',
  manifest_mid: '904128937',
  account: { type: 'EPS', number: '1000405525' },
};

const toParis = (overrides: Partial<CarrierLabelRequest> = {}): CarrierLabelRequest => ({
  item_id: 'item-1',
  idempotency_key: 'key-1',
  service: 'USPS-5',
  shipment: internationalShipment(),
  ...overrides,
});

describe('the USPS carrier buying International Labels from the USPS mock server', () => {
  let mock: UspsMockServer;
  let carrier: UspsCarrier;
  const now = Date.parse('2026-11-28T12:00:00Z');

  beforeEach(async () => {
    mock = await UspsMockServer.start({
      clients: [{ client_id: INTEGRATION.client_id, client_secret: INTEGRATION.client_secret }],
      clock: () => now,
    });
    carrier = new UspsCarrier(INTEGRATION, { baseUrl: mock.url, sessions: new UspsSessions(() => now) });
  });
  afterEach(() => mock.stop());

  it('buys a label abroad: a 4x6 PDF whose barcode and text hold its S10 tracking number, with postage, SKU and price group', async () => {
    const label = await carrier.purchase(toParis());
    if (!label.ok) throw new Error(label.reason);
    expect(label.tracking_number).toMatch(/^CP\d{9}US$/);
    expect(label.charge).toEqual({ postage_cents: 4550, sku: 'IPXX0XXXXB12230', price_group: '12' });
    const [texts] = await documentTexts(label.label_pdf);
    expect(texts).toEqual(expect.arrayContaining([label.tracking_number, 'PRIORITY MAIL INTERNATIONAL']));
    const [page] = (await PDFDocument.load(label.label_pdf)).getPages();
    expect(page.getSize()).toEqual({ width: 288, height: 432 });
    expect(barcodeModules(page)).toEqual(code128Widths(label.tracking_number));
    expect(mock.labelStatus(label.tracking_number)).toBe('SOLD');
  });

  it('sends International Labels requests that pass the documented checks, with the headers USPS requires', async () => {
    expect((await carrier.purchase(toParis())).ok).toBe(true);
    expect((await carrier.purchase(toParis({ service: 'USPS-4' }))).ok).toBe(true);
    const labels = mock.requestsTo('POST', '/international-labels/v3/international-label');
    expect(labels.map((request) => request.status)).toEqual([201, 201]);
    for (const request of labels) {
      expect(internationalLabelRequestFindings(request.body)).toEqual([]);
      expect(request.headers.authorization).toMatch(/^Bearer \S+$/);
      expect(request.headers['x-payment-authorization-token']).toEqual(expect.any(String));
      expect(request.headers['content-type']).toBe('application/json');
    }
    expect(mock.requestsTo('POST', '/labels/v3/label')).toHaveLength(0);
  });

  it('answers a customs form USPS refuses as a refusal in USPS words, buying nothing', async () => {
    const [first] = internationalShipment().package_list[0].items ?? [];
    const shipment = internationalShipment({ items: [{ ...first, description: 'Gift' }] });
    const label = await carrier.purchase(toParis({ shipment }));
    expect(label).toEqual({
      ok: false,
      reason: 'USPS: Gift is not a valid itemDescription (customsForm.contents[0].itemDescription)',
    });
    expect(mock.soldTrackingNumbers()).toEqual([]);
  });

  it('cancels an international label through International Labels', async () => {
    const label = await carrier.purchase(toParis());
    if (!label.ok) throw new Error(label.reason);
    expect(await carrier.cancel(label.tracking_number)).toEqual({ ok: true, status: 'CANCELED' });
    expect(mock.labelStatus(label.tracking_number)).toBe('CANCELED');
    expect(mock.requestsTo('DELETE', '/international-labels/v3/international-label/')).toHaveLength(1);
  });

  it('reads a lost answer as a fault USPS may have acted on, and a broken one as an answer error', async () => {
    mock.loseAnswersAfterSale(503);
    await expect(carrier.purchase(toParis())).rejects.toMatchObject({ retriable: true, unprocessed: false });
    await expect(carrier.purchase(toParis())).resolves.toMatchObject({ ok: true });
    mock.malformLabels('not-a-pdf');
    const broken = carrier.purchase(toParis());
    await expect(broken).rejects.toBeInstanceOf(UspsAnswerError);
    await expect(broken).rejects.toMatchObject({ trackingNumber: expect.stringMatching(/^CP\d{9}US$/) });
  });
});
