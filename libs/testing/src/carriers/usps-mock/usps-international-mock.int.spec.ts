import { exampleInternationalLabelRequest } from './usps-international-fixtures';
import { s10TrackingNumber } from './usps-international-label';
import type { UspsMockServer } from './usps-mock-server';
import { edited, type Json, startUspsMockSession, type UspsMockSession } from './usps-mock-session';

const PATH = '/international-labels/v3/international-label';

describe('the USPS mock server, International Labels 3.0', () => {
  let session: UspsMockSession;
  let mock: UspsMockServer;
  let send: UspsMockSession['send'];
  let paymentToken: string;
  const buyLabel = (body: unknown, headers: Record<string, string> = {}) =>
    session.buyLabel(PATH, body, headers);

  beforeAll(async () => {
    session = await startUspsMockSession();
    ({ mock, send, paymentToken } = session);
  });
  afterAll(() => mock.stop());

  it('answers the documented shape 201 with a multipart label: InternationalLabelMetadata and a Base64 PDF', async () => {
    const answer = await buyLabel(exampleInternationalLabelRequest());
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const metadata = JSON.parse(answer.text.split('\r\n\r\n')[1].split('\r\n--')[0]) as Json;
    expect(metadata).toEqual(
      expect.objectContaining({
        internationalTrackingNumber: expect.stringMatching(/^CP\d{9}US$/),
        postage: expect.any(Number),
        SKU: expect.any(String),
        internationalPriceGroup: expect.any(String),
      }),
    );
    const image = answer.text.split('name="labelImage"\r\n\r\n')[1].split('\r\n--')[0];
    expect(Buffer.from(image, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(mock.labelStatus(metadata.internationalTrackingNumber as string)).toBe('SOLD');
  });

  it('numbers labels as UPU S10 with its check digit', () => {
    // The International Labels document's example number, serial 00001216 with check digit 2.
    expect(s10TrackingNumber('PRIORITY_MAIL_EXPRESS_INTERNATIONAL', 1216)).toBe('EZ000012162US');
    expect(s10TrackingNumber('FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE', 1)).toMatch(/^LZ00000001\dUS$/);
  });

  it.each([
    [
      'no X-Payment-Authorization-Token',
      { 'X-Payment-Authorization-Token': '' },
      'X-Payment-Authorization-Token',
    ],
    ['a Content-Type other than JSON', { 'Content-Type': 'text/plain' }, 'Content-Type'],
  ])('refuses a request with %s', async (_, headers, parameter) => {
    const answer = await buyLabel(exampleInternationalLabelRequest(), headers);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      apiVersion: '/international-labels/v3',
      error: {
        code: '400',
        message: 'Bad Request',
        errors: expect.arrayContaining([expect.objectContaining({ source: { parameter } })]),
      },
    });
  });

  it.each([
    'toAddress',
    'fromAddress',
    'packageDescription',
    'customsForm',
    'toAddress.streetAddress',
    'toAddress.city',
    'toAddress.country',
    'toAddress.countryISOAlpha2Code',
    'fromAddress.streetAddress',
    'fromAddress.city',
    'fromAddress.state',
    'fromAddress.ZIPCode',
    'packageDescription.mailClass',
    'packageDescription.rateIndicator',
    'packageDescription.processingCategory',
    'packageDescription.destinationEntryFacilityType',
    'packageDescription.weight',
    'packageDescription.length',
    'packageDescription.width',
    'packageDescription.height',
    'packageDescription.mailingDate',
    'customsForm.customsContentType',
    'customsForm.AESITN',
    'customsForm.contents',
    'customsForm.contents.0.itemDescription',
    'customsForm.contents.0.itemQuantity',
    'customsForm.contents.0.countryofOrigin',
    'customsForm.contents.0.itemTotalValue',
  ])('refuses a request without %s', async (path) => {
    const answer = await buyLabel(edited(exampleInternationalLabelRequest(), path));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(`"parameter":"${path.replace(/\.(\d+)\./, '[$1].')}`);
  });

  it.each([
    ['packageDescription.mailClass', 'PRIORITY_MAIL'],
    ['packageDescription.rateIndicator', 'CP'],
    ['packageDescription.processingCategory', 'IRREGULAR'],
    ['packageDescription.destinationEntryFacilityType', 'DESTINATION_DELIVERY_UNIT'],
    ['packageDescription.extraServices', [921]],
    ['packageDescription.extraServices', [930, 931]],
    ['packageDescription.packageOptions.nonDeliveryOption', 'KEEP'],
    ['customsForm.customsContentType', 'Merchandise'],
    ['customsForm.customsContentType', 'OTHER'],
    ['customsForm.contents', []],
    ['customsForm.contents.0.itemDescription', 'Gift'],
    ['customsForm.contents.0.itemDescription', 'N/A'],
    ['customsForm.contents.0.itemDescription', 'A description far longer than thirty characters'],
    ['customsForm.contents.0.itemQuantity', 0],
    ['customsForm.contents.0.itemTotalValue', 0],
    ['customsForm.contents.0.HSTariffNumber', '6109'],
    ['customsForm.contents.0.countryofOrigin', 'usa'],
    ['toAddress.countryISOAlpha2Code', 'FRA1'],
    ['toAddress.postalCode', '750130000000'],
    ['toAddress.firstName', undefined],
    ['imageInfo.labelType', '4X4LABEL'],
    ['imageInfo.receiptOption', 'NONE'],
    ['returnAddress', {}],
  ])('refuses a request whose %s is %p', async (path, value) => {
    const body =
      value === undefined
        ? edited(exampleInternationalLabelRequest(), path)
        : edited(exampleInternationalLabelRequest(), path, value);
    const answer = await buyLabel(body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual(
      expect.objectContaining({ apiVersion: '/international-labels/v3' }),
    );
  });

  it('cancels an international label through International Labels only', async () => {
    const answer = await buyLabel(exampleInternationalLabelRequest());
    const trackingNumber = /"internationalTrackingNumber":"([A-Z0-9]+)"/.exec(answer.text)?.[1] as string;
    const headers = { 'X-Payment-Authorization-Token': paymentToken };
    expect((await send('DELETE', `/labels/v3/label/${trackingNumber}`, undefined, headers)).status).toBe(400);
    const cancelled = await send('DELETE', `${PATH}/${trackingNumber}`, undefined, headers);
    expect(cancelled.status).toBe(200);
    expect(mock.labelStatus(trackingNumber)).toBe('CANCELED');
  });

  it('sells a label and loses its answer after the labels it is told to answer first', async () => {
    mock.loseAnswersAfterSale(503, 1, { after: 1 });
    expect((await buyLabel(exampleInternationalLabelRequest())).status).toBe(201);
    const sold = mock.soldTrackingNumbers().length;
    expect((await buyLabel(exampleInternationalLabelRequest())).status).toBe(503);
    expect(mock.soldTrackingNumbers()).toHaveLength(sold + 1);
    expect((await buyLabel(exampleInternationalLabelRequest())).status).toBe(201);
  });
});
