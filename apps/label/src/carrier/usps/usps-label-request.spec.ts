import type { LabelShipment } from '@shipping/contracts';
import { labelRequestFindings } from '@shipping/testing';
import { labelShipment } from '../../testing/label-shipment.fixture';
import { mailingDateOf, uspsAddress, uspsLabelRequest } from './usps-label-request';
import { MAIL_CLASS_BY_SERVICE, PACKAGING } from './usps-mappings';

const DATE = '2026-11-28';

function onePiece(
  overrides: Partial<LabelShipment['package_list'][number]> = {},
  shipment = labelShipment(),
) {
  return { ...shipment, package_list: [{ ...shipment.package_list[0], count: 1, ...overrides }] };
}

describe('the USPS label request', () => {
  const pairs = Object.entries(MAIL_CLASS_BY_SERVICE).flatMap(([service, mailClass]) =>
    Object.keys(PACKAGING)
      .filter((boxType) => PACKAGING[boxType][mailClass])
      .map((boxType) => [service, boxType] as const),
  );

  it.each(pairs)('for %s in %s passes every documented check', (service, boxType) => {
    const mapped = uspsLabelRequest({ service, shipment: onePiece({ box_type: boxType }) }, DATE);
    if (!mapped.ok) throw new Error(mapped.reason);
    expect(labelRequestFindings(mapped.body)).toEqual([]);
    expect(mapped.body.packageDescription).toMatchObject({
      mailClass: MAIL_CLASS_BY_SERVICE[service],
      rateIndicator: PACKAGING[boxType][MAIL_CLASS_BY_SERVICE[service]].rateIndicator,
      mailingDate: DATE,
    });
  });

  it('asks for a 4x6 PDF without receipt, as domesticlabel-v3-request.json does', () => {
    const mapped = uspsLabelRequest({ service: 'USPS-1', shipment: onePiece() }, DATE);
    expect(mapped.ok && mapped.body.imageInfo).toEqual({
      imageType: 'PDF',
      labelType: '4X6LABEL',
      receiptOption: 'NONE',
      suppressPostage: false,
      suppressMailDate: false,
      returnLabel: false,
    });
  });

  it('converts kilograms to pounds and centimetres to inches, the only units USPS takes', () => {
    const shipment = {
      ...onePiece({ weight: 2, length: 25.4, width: 10, height: 5.08 }),
      weight_unit: 'KG' as const,
      length_unit: 'CM' as const,
    };
    const mapped = uspsLabelRequest({ service: 'USPS-3', shipment }, DATE);
    expect(mapped.ok && mapped.body.packageDescription).toMatchObject({
      weightUOM: 'lb',
      weight: 4.41,
      dimensionsUOM: 'in',
      length: 10,
      width: 3.94,
      height: 2,
    });
  });

  it('prints the references and asks for the signature kind', () => {
    const mapped = uspsLabelRequest(
      { service: 'USPS-1', shipment: onePiece({ signature: 'adult_signature' }) },
      DATE,
    );
    expect(mapped.ok && mapped.body.packageDescription).toMatchObject({
      extraServices: [922],
      customerReference: [
        { referenceNumber: 'PO-1234', printReferenceNumber: true },
        { referenceNumber: 'INV-9', printReferenceNumber: true },
      ],
    });
  });

  it('passes the shipment ignoring a bad address on, true by default', () => {
    const shipment = onePiece();
    const ignoring = uspsLabelRequest({ service: 'USPS-1', shipment }, DATE);
    const strict = uspsLabelRequest(
      { service: 'USPS-1', shipment: { ...shipment, ignore_bad_address: false } },
      DATE,
    );
    expect([
      ignoring.ok && ignoring.body.toAddress.ignoreBadAddress,
      strict.ok && strict.body.toAddress.ignoreBadAddress,
    ]).toEqual([true, false]);
  });

  it.each([
    [
      'an international service',
      { service: 'USPS-4', shipment: onePiece() },
      'USPS: service USPS-4 is not sold through USPS Domestic Labels.',
    ],
    [
      'another carrier',
      { service: 'FEDEX-1', shipment: onePiece() },
      'USPS: service FEDEX-1 is not sold through USPS Domestic Labels.',
    ],
    [
      'several pieces',
      { service: 'USPS-1', shipment: labelShipment() },
      'USPS: a label is for one piece; this shipment has 3.',
    ],
    [
      'a flat rate box with Ground Advantage',
      { service: 'USPS-3', shipment: onePiece({ box_type: 'usps_small_flat_rate_box' }) },
      'USPS: box type usps_small_flat_rate_box is not sold with USPS_GROUND_ADVANTAGE.',
    ],
    [
      'a receiver abroad',
      {
        service: 'USPS-1',
        shipment: { ...onePiece(), to_address: { ...onePiece().to_address, country: 'CA' } },
      },
      'USPS: Domestic Labels ship within the United States only.',
    ],
    [
      'a ZIP Code of 4 digits',
      {
        service: 'USPS-1',
        shipment: { ...onePiece(), to_address: { ...onePiece().to_address, zip: '9404' } },
      },
      'USPS: an address needs a state and a 5-digit ZIP Code.',
    ],
  ])('refuses %s without asking USPS', (_, request, reason) => {
    expect(uspsLabelRequest(request, DATE)).toEqual({ ok: false, reason });
  });
});

describe('a USPS address', () => {
  it('splits the name, keeps ZIP+4, and leaves out a phone or email USPS would refuse', () => {
    const address = uspsAddress({
      name: 'Jane  Q Receiver',
      street_1: '1600 Amphitheatre Pkwy',
      street_2: 'Bldg 4',
      street_3: 'Floor 2',
      city: 'Mountain View',
      zip: '94043-1351',
      state: 'ca',
      country: 'US',
      telephone: '(650) 555-0100',
      email: 'not an email',
    });
    expect(address).toEqual({
      firstName: 'Jane',
      lastName: 'Q Receiver',
      streetAddress: '1600 Amphitheatre Pkwy',
      secondaryAddress: 'Bldg 4 Floor 2',
      city: 'Mountain View',
      state: 'CA',
      ZIPCode: '94043',
      ZIPPlus4: '1351',
      phone: '6505550100',
    });
  });
});

it('a mailing date is the UTC calendar day', () => {
  expect(mailingDateOf(Date.parse('2026-11-28T23:59:59Z'))).toBe('2026-11-28');
});
