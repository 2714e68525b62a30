import { exampleLabelRequest, examplePaymentAuthorization, examplePickupRequest } from './usps-fixtures';
import { UspsMockServer } from './usps-mock-server';
import { edited, type Json, startUspsMockSession, type UspsMockSession } from './usps-mock-session';

describe('the USPS mock server', () => {
  let session: UspsMockSession;
  let mock: UspsMockServer;
  let send: UspsMockSession['send'];
  let paymentToken: string;
  const buyLabel = (body: unknown, headers: Record<string, string> = {}) =>
    session.buyLabel('/labels/v3/label', body, headers);

  beforeAll(async () => {
    session = await startUspsMockSession();
    ({ mock, send, paymentToken } = session);
  });
  afterAll(() => mock.stop());

  it('answers a request in the documented shape with a multipart label', async () => {
    const answer = await buyLabel(exampleLabelRequest());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer.text).toContain('name="labelMetadata"');
    expect(answer.text).toContain('name="labelImage"');
  });

  it('issues a token only for known client credentials, in the OAuth error shape otherwise', async () => {
    const answer = await fetch(`${mock.url}/oauth2/v3/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...session.client,
        client_secret: 'wrong',
        grant_type: 'client_credentials',
      }),
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
  });

  it.each([
    ['without a token', { Authorization: '' }],
    ['with an unknown token', { Authorization: 'Bearer not-issued' }],
    ['with a Basic scheme', { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
  ])('refuses a label request %s with 401', async (_, headers) => {
    const answer = await buyLabel(exampleLabelRequest(), headers);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it.each([
    [
      'no X-Payment-Authorization-Token',
      { 'X-Payment-Authorization-Token': '' },
      'X-Payment-Authorization-Token',
    ],
    [
      'an unknown payment token',
      { 'X-Payment-Authorization-Token': 'forged' },
      'X-Payment-Authorization-Token',
    ],
    ['a Content-Type other than JSON', { 'Content-Type': 'text/plain' }, 'Content-Type'],
  ])('refuses a label request with %s', async (_, headers, parameter) => {
    const answer = await buyLabel(exampleLabelRequest(), headers);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      apiVersion: '/labels/v3',
      error: {
        code: '400',
        message: 'Bad Request',
        errors: expect.arrayContaining([expect.objectContaining({ source: { parameter } })]),
      },
    });
  });

  const missing = [
    'toAddress',
    'fromAddress',
    'packageDescription',
    'fromAddress.streetAddress',
    'fromAddress.city',
    'fromAddress.state',
    'fromAddress.ZIPCode',
    'toAddress.ZIPCode',
    'packageDescription.mailClass',
    'packageDescription.rateIndicator',
    'packageDescription.processingCategory',
    'packageDescription.destinationEntryFacilityType',
    'packageDescription.weight',
    'packageDescription.length',
    'packageDescription.width',
    'packageDescription.height',
    'packageDescription.mailingDate',
  ];
  it.each(missing)('refuses a label request without %s', async (path) => {
    const answer = await buyLabel(edited(exampleLabelRequest(), path));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(`"parameter":"${path}"`);
  });

  it.each([
    ['packageDescription.mailClass', 'PRIORITY'],
    ['packageDescription.rateIndicator', 'XX'],
    ['packageDescription.processingCategory', 'PARCEL'],
    ['packageDescription.destinationEntryFacilityType', 'DOCK'],
    ['packageDescription.weightUOM', 'kg'],
    ['packageDescription.dimensionsUOM', 'cm'],
    ['packageDescription.weight', 0],
    ['packageDescription.mailingDate', '28/11/2026'],
    ['packageDescription.extraServices', [999]],
    ['imageInfo.imageType', 'BMP'],
    ['imageInfo.labelType', '8X11LABEL'],
    ['toAddress.ZIPCode', '9404'],
    ['toAddress.state', 'XX'],
    ['fromAddress.phone', '555-0100'],
    ['unknownField', true],
  ])('refuses a label request whose %s is %p', async (path, value) => {
    const answer = await buyLabel(edited(exampleLabelRequest(), path, value));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(path);
  });

  it('refuses FLATS for Ground Advantage, as the processingCategory notes say', async () => {
    const body = edited(
      edited(exampleLabelRequest(), 'packageDescription.mailClass', 'USPS_GROUND_ADVANTAGE'),
      'packageDescription.processingCategory',
      'FLATS',
    );
    expect((await buyLabel(body)).status).toBe(400);
  });

  type RolesEdit = (body: { roles: Json[] }) => { roles: Json[] };
  const paymentEdits: [string, RolesEdit, string][] = [
    ['without a PAYER role', (body) => ({ roles: body.roles.slice(1) }), 'PAYER is required'],
    ['without a LABEL_OWNER role', (body) => ({ roles: body.roles.slice(0, 1) }), 'LABEL_OWNER is required'],
    ...['CRID', 'MID', 'manifestMID', 'accountType'].map((field): [string, RolesEdit, string] => [
      `without the PAYER's ${field}`,
      (body) => ({ roles: [edited(body.roles[0], field), body.roles[1]] }),
      `PAYER requires ${field}`,
    ]),
    [
      'without an EPS accountNumber',
      (body) => ({ roles: [edited(body.roles[0], 'accountNumber'), body.roles[1]] }),
      'PAYER requires accountNumber when accountType is EPS',
    ],
  ];
  it.each(paymentEdits)('refuses a payment authorization %s', async (_, edit, detail) => {
    const answer = await send(
      'POST',
      '/payments/v3/payment-authorization',
      edit(examplePaymentAuthorization()),
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(detail);
  });

  it.each([
    'pickupDate',
    'pickupAddress',
    'packages',
    'estimatedWeight',
    'pickupLocation',
    'pickupLocation.packageLocation',
  ])('refuses a carrier pickup without %s', async (path) => {
    const answer = await send('POST', '/pickup/v3/carrier-pickup', edited(examplePickupRequest(), path));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(path);
  });

  it('refuses a carrier pickup whose contact names no email or phone number', async () => {
    const request = examplePickupRequest() as { pickupAddress: { contact: object[] } };
    request.pickupAddress.contact = [{ fax: '2125550100' }];
    const answer = await send('POST', '/pickup/v3/carrier-pickup', request);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('pickupAddress.contact');
  });

  it('cancels a pickup only with the ETag of the pickup as If-Match', async () => {
    const scheduled = await send('POST', '/pickup/v3/carrier-pickup', examplePickupRequest());
    expect(scheduled.status).toBe(200);
    const { confirmationNumber } = JSON.parse(scheduled.text) as { confirmationNumber: string };
    const path = `/pickup/v3/carrier-pickup/${confirmationNumber}`;
    expect((await send('DELETE', path, undefined, { 'If-Match': 'stale' })).status).toBe(400);
    const etag = (await send('GET', path)).headers.get('etag') ?? '';
    expect((await send('DELETE', path, undefined, { 'If-Match': etag })).status).toBe(200);
  });

  it('refuses a pickup at a refused ZIP Code in its error shape, and schedules one whose answer it loses', async () => {
    mock.refuseAddress('73344', 'Carrier Pickup is not available at this address');
    const atRefused = examplePickupRequest() as { pickupAddress: { address: Record<string, string> } };
    atRefused.pickupAddress.address['ZIPCode'] = '73344';
    const refused = await send('POST', '/pickup/v3/carrier-pickup', atRefused);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Carrier Pickup is not available at this address');
    expect(refused.text).toContain('pickupAddress.address.ZIPCode');
    const before = mock.scheduledPickups().length;
    mock.losePickupAnswers(503);
    const lost = await send('POST', '/pickup/v3/carrier-pickup', examplePickupRequest());
    expect(lost.status).toBe(503);
    expect(mock.scheduledPickups()).toHaveLength(before + 1);
    expect((await send('POST', '/pickup/v3/carrier-pickup', examplePickupRequest())).status).toBe(200);
  });

  it('cancels a label it sold once, and answers Order not found after', async () => {
    const sold = await buyLabel(exampleLabelRequest());
    const trackingNumber = /"trackingNumber":"(\d+)"/.exec(sold.text)?.[1] ?? '';
    const cancel = () =>
      send('DELETE', `/labels/v3/label/${trackingNumber}`, undefined, {
        'X-Payment-Authorization-Token': paymentToken,
      });
    expect(JSON.parse((await cancel()).text)).toEqual({ trackingNumber, status: 'CANCELED' });
    const again = await cancel();
    expect(again.status).toBe(400);
    expect(again.text).toContain('Order not found');
  });

  it('rate-limits past N requests a second of its clock, with Retry-After', async () => {
    let now = 0;
    const limited = await UspsMockServer.start({ clients: [session.client], clock: () => now });
    try {
      limited.rateLimit(2);
      const post = () => fetch(`${limited.url}/labels/v3/label`, { method: 'POST' });
      expect((await post()).status).toBe(401);
      expect((await post()).status).toBe(401);
      const third = await post();
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('1');
      now = 1000;
      expect((await post()).status).toBe(401);
    } finally {
      await limited.stop();
    }
  });

  it('answers 503 and 429 in turn for a while of its clock, selling nothing, then sells again', async () => {
    let now = 0;
    const failing = await UspsMockServer.start({ clients: [session.client], clock: () => now });
    try {
      failing.failFor(2_000);
      const post = () => fetch(`${failing.url}/labels/v3/label`, { method: 'POST' });
      expect((await post()).status).toBe(503);
      const limited = await post();
      expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
      now = 1_999;
      expect((await post()).status).toBe(503);
      now = 2_000;
      expect((await post()).status).toBe(401);
      expect(failing.soldTrackingNumbers()).toEqual([]);
    } finally {
      await failing.stop();
    }
  });

  it('records every request it answers', () => {
    expect(mock.requestsTo('POST', '/labels/v3/label').length).toBeGreaterThan(10);
    expect(mock.requests.every((request) => request.status >= 200)).toBe(true);
  });
});
