import { labelRequestFindings, pickupRequestFindings, UspsMockServer } from '@shipping/testing';
import { PDFDocument } from 'pdf-lib';
import { code128Widths } from '../../rendering/code128';
import { labelShipment } from '../../testing/label-shipment.fixture';
import { barcodeModules } from '../../testing/pdf-barcode';
import { documentTexts } from '../../testing/pdf-text';
import type { CarrierLabelRequest } from '../carrier-port';
import { UspsAnswerError, UspsFault } from './usps-faults';
import { UspsCarrier, type UspsPickup } from './usps-carrier';
import { UspsSessions, TOKEN_REFRESH_MARGIN_SECONDS } from './usps-sessions';
import type { UspsIntegration } from './usps-types';

const INTEGRATION: UspsIntegration = {
  id: 'shipper-1000',
  client_id: 'globex-consumer-key',
  client_secret: 'globex-consumer-secret',
  crid: '56982563',
  mid: '904128936',
  manifest_mid: '904128937',
  account: { type: 'EPS', number: '1000405525' },
};

const onePiece = (overrides: Partial<CarrierLabelRequest> = {}): CarrierLabelRequest => {
  const shipment = labelShipment();
  return {
    item_id: 'item-1',
    idempotency_key: 'key-1',
    service: 'USPS-1',
    shipment: { ...shipment, package_list: [{ ...shipment.package_list[0], count: 1 }] },
    ...overrides,
  };
};

const PICKUP: UspsPickup = {
  date: '2026-11-30',
  address: labelShipment().from_address,
  pieces: [{ service: 'USPS-1', count: 3 }],
  estimated_weight_lbs: 6,
  location: 'OFFICE',
  instructions: 'Dock 4',
};

describe('the USPS carrier against the USPS mock server', () => {
  let mock: UspsMockServer;
  let now: number;
  let sessions: UspsSessions;
  let carrier: UspsCarrier;

  const tokenRequests = () => mock.requestsTo('POST', '/oauth2/v3/token').length;
  const paymentRequests = () => mock.requestsTo('POST', '/payments/v3/payment-authorization').length;

  beforeEach(async () => {
    now = Date.parse('2026-11-28T12:00:00Z');
    mock = await UspsMockServer.start({
      clients: [{ client_id: INTEGRATION.client_id, client_secret: INTEGRATION.client_secret }],
      tokenLifetimeSeconds: 3600,
      clock: () => now,
    });
    sessions = new UspsSessions(() => now);
    carrier = new UspsCarrier(INTEGRATION, { baseUrl: mock.url, sessions });
  });
  afterEach(() => mock.stop());

  it('buys a label: the 4x6 PDF whose barcode and text hold the tracking number, with postage, SKU and zone', async () => {
    const label = await carrier.purchase(onePiece());
    if (!label.ok) throw new Error(label.reason);
    expect(label.tracking_number).toMatch(/^\d{22}$/);
    expect(label.charge).toEqual({ postage_cents: 799, sku: 'DPXX0XXXXC01005', zone: '04' });
    const [texts] = await documentTexts(label.label_pdf);
    expect(texts).toEqual(
      expect.arrayContaining([label.tracking_number, 'USPS TRACKING #', 'PRIORITY MAIL']),
    );
    const [page] = (await PDFDocument.load(label.label_pdf)).getPages();
    expect(page.getSize()).toEqual({ width: 288, height: 432 });
    expect(barcodeModules(page)).toEqual(code128Widths(label.tracking_number));
    expect(barcodeModules(page)).not.toEqual(code128Widths('9205590109769900012613'));
    expect(mock.labelStatus(label.tracking_number)).toBe('SOLD');
  });

  it('sends only requests that pass the documented checks, with the headers USPS requires', async () => {
    await carrier.purchase(onePiece());
    await carrier.purchase(onePiece({ service: 'USPS-3' }));
    await carrier.purchase(onePiece({ service: 'USPS-2' }));
    const labels = mock.requestsTo('POST', '/labels/v3/label');
    expect(labels).toHaveLength(3);
    for (const request of labels) {
      expect(request.status).toBe(200);
      expect(labelRequestFindings(request.body)).toEqual([]);
      expect(request.headers.authorization).toMatch(/^Bearer \S+$/);
      expect(request.headers['x-payment-authorization-token']).toEqual(expect.any(String));
      expect(request.headers['content-type']).toBe('application/json');
    }
    expect(mock.requests.every((request) => request.status === 200)).toBe(true);
  });

  it('keeps the token and the payment token: three labels, one of each', async () => {
    for (let index = 0; index < 3; index++) expect((await carrier.purchase(onePiece())).ok).toBe(true);
    expect([tokenRequests(), paymentRequests()]).toEqual([1, 1]);
  });

  it('fetches each once for concurrent purchases of one integration (single flight)', async () => {
    const labels = await Promise.all(Array.from({ length: 6 }, () => carrier.purchase(onePiece())));
    expect(labels.every((label) => label.ok)).toBe(true);
    expect([tokenRequests(), paymentRequests()]).toEqual([1, 1]);
  });

  it('shares the kept tokens between carriers of one integration in the process', async () => {
    const other = new UspsCarrier(INTEGRATION, { baseUrl: mock.url, sessions });
    await Promise.all([carrier.purchase(onePiece()), other.purchase(onePiece())]);
    expect([tokenRequests(), paymentRequests()]).toEqual([1, 1]);
  });

  it('fetches a token again shortly before it expires, and keeps it until then', async () => {
    await carrier.purchase(onePiece());
    now += (3600 - TOKEN_REFRESH_MARGIN_SECONDS) * 1000 - 1;
    await carrier.purchase(onePiece());
    expect(tokenRequests()).toBe(1);
    now += 1;
    await carrier.purchase(onePiece());
    expect([tokenRequests(), paymentRequests()]).toEqual([2, 1]);
  });

  it('fetches the token again once on a 401 and repeats the request', async () => {
    await carrier.purchase(onePiece());
    mock.expireTokens();
    const label = await carrier.purchase(onePiece());
    expect(label.ok).toBe(true);
    expect(tokenRequests()).toBe(2);
    expect(mock.requestsTo('POST', '/labels/v3/label').map((request) => request.status)).toEqual([
      200, 401, 200,
    ]);
  });

  it('refuses, without a second retry, when the credentials are refused', async () => {
    const stranger = new UspsCarrier(
      { ...INTEGRATION, client_secret: 'revoked-secret-value' },
      { baseUrl: mock.url },
    );
    const label = await stranger.purchase(onePiece());
    expect(label).toEqual({ ok: false, reason: 'USPS: Client authentication failed' });
    expect(tokenRequests()).toBe(1);
    expect(mock.requestsTo('POST', '/labels/v3/label')).toHaveLength(0);
  });

  it('answers a refused address as a refusal with the carrier message', async () => {
    mock.refuseAddress('94043', 'Invalid ZIP Code');
    const label = await carrier.purchase(onePiece());
    expect(label).toEqual({ ok: false, reason: 'USPS: Invalid ZIP Code (toAddress)' });
  });

  it('never puts a secret of the integration in a refusal, even when USPS quotes it', async () => {
    mock.refuseAddress(
      '94043',
      `Account ${INTEGRATION.account.number} of ${INTEGRATION.client_id} is closed`,
    );
    const label = await carrier.purchase(onePiece());
    expect(label).toEqual({
      ok: false,
      reason: 'USPS: Account [redacted] of [redacted] is closed (toAddress)',
    });
  });

  it('refuses without asking USPS what USPS cannot sell', async () => {
    const label = await carrier.purchase(onePiece({ service: 'USPS-4' }));
    expect(label).toEqual({
      ok: false,
      reason: 'USPS: service USPS-4 ships abroad; this address is in the United States.',
    });
    expect(mock.requests).toHaveLength(0);
  });

  it.each(['truncated', 'missing-image', 'not-a-pdf'] as const)(
    'throws an answer error, not a label, for a %s multipart answer',
    async (kind) => {
      mock.malformLabels(kind);
      const purchase = carrier.purchase(onePiece());
      await expect(purchase).rejects.toBeInstanceOf(UspsAnswerError);
      await expect(purchase).rejects.toMatchObject({ retriable: false });
    },
  );

  it('names the tracking number of a label whose image is unusable, so it can be cancelled', async () => {
    mock.malformLabels('not-a-pdf');
    const error = (await carrier.purchase(onePiece()).catch((thrown: unknown) => thrown)) as UspsAnswerError;
    expect(error.trackingNumber).toMatch(/^\d{22}$/);
    expect(await carrier.cancel(error.trackingNumber ?? '')).toEqual({ ok: true, status: 'CANCELED' });
  });

  it('throws a retriable fault with Retry-After on a 429', async () => {
    await carrier.purchase(onePiece());
    mock.rateLimit(0);
    await expect(carrier.purchase(onePiece())).rejects.toMatchObject({
      name: 'UspsFault',
      kind: 'rate_limited',
      status: 429,
      retryAfterSeconds: 1,
      retriable: true,
      unprocessed: true,
    });
  });

  it.each([500, 503])('throws a retriable fault on a %i to the label request', async (status) => {
    await carrier.purchase(onePiece());
    mock.failNext(status);
    await expect(carrier.purchase(onePiece())).rejects.toMatchObject({
      kind: 'server',
      status,
      retriable: true,
      unprocessed: false,
    });
  });

  it.each([['hang', 'timeout'] as const, ['drop', 'connection'] as const, [502, 'server'] as const])(
    'says a label whose answer was lost (%s) may have been sold',
    async (lost, kind) => {
      await carrier.purchase(onePiece());
      mock.loseAnswersAfterSale(lost);
      const impatient = new UspsCarrier(INTEGRATION, { baseUrl: mock.url, timeoutMs: 500, sessions });
      await expect(impatient.purchase(onePiece())).rejects.toMatchObject({ kind, unprocessed: false });
    },
  );

  it('says a fault met before the label was asked (its token) bought nothing', async () => {
    const fresh = new UspsCarrier(INTEGRATION, { baseUrl: mock.url, sessions: new UspsSessions() });
    mock.failNext(503);
    const labelsBefore = mock.requestsTo('POST', '/labels/v3/label').length;
    await expect(fresh.purchase(onePiece())).rejects.toMatchObject({ kind: 'server', unprocessed: true });
    expect(mock.requestsTo('POST', '/labels/v3/label')).toHaveLength(labelsBefore);
  });

  it('throws a timeout fault when USPS answers after the timeout', async () => {
    mock.delay(60_000);
    const impatient = new UspsCarrier(INTEGRATION, { baseUrl: mock.url, timeoutMs: 50 });
    await expect(impatient.purchase(onePiece())).rejects.toMatchObject({ kind: 'timeout', retriable: true });
  });

  it('throws a connection fault when nothing listens, naming no secret', async () => {
    const closed = await UspsMockServer.start({ clients: [] });
    const url = closed.url;
    await closed.stop();
    const error = (await new UspsCarrier(INTEGRATION, { baseUrl: url })
      .purchase(onePiece())
      .catch((thrown: unknown) => thrown)) as UspsFault;
    expect(error).toBeInstanceOf(UspsFault);
    expect(error.kind).toBe('connection');
    expect(error.unprocessed).toBe(true);
    for (const secret of [INTEGRATION.client_id, INTEGRATION.client_secret])
      expect(error.message).not.toContain(secret);
  });

  it('cancels a label it bought, and refuses to cancel one USPS does not know', async () => {
    const label = await carrier.purchase(onePiece());
    if (!label.ok) throw new Error(label.reason);
    expect(await carrier.cancel(label.tracking_number)).toEqual({ ok: true, status: 'CANCELED' });
    expect(mock.labelStatus(label.tracking_number)).toBe('CANCELED');
    expect(await carrier.cancel('9205590109769900000000')).toEqual({
      ok: false,
      reason: 'USPS: Order not found (trackingNumber)',
    });
  });

  it('schedules a carrier pickup in the documented shape and cancels it with its ETag', async () => {
    const scheduled = await carrier.schedulePickup(PICKUP);
    if (!scheduled.ok) throw new Error(scheduled.reason);
    const [request] = mock.requestsTo('POST', '/pickup/v3/carrier-pickup');
    expect(pickupRequestFindings(request.body)).toEqual([]);
    expect(request.body).toMatchObject({ packages: [{ packageType: 'PRIORITY_MAIL', packageCount: 3 }] });
    expect(await carrier.cancelPickup(scheduled.confirmation_number)).toEqual({ ok: true });
    const [cancel] = mock.requestsTo('DELETE', '/pickup/v3/carrier-pickup');
    expect(cancel.status).toBe(200);
    expect(await carrier.cancelPickup(scheduled.confirmation_number)).toEqual({
      ok: false,
      reason: 'USPS: Case number not found. (confirmationNumber)',
    });
  });
});
