import type { LabelCustomsItem } from '@shipping/contracts';
import { internationalLabelRequestFindings } from '@shipping/testing';
import { internationalShipment } from '../../testing/international-shipment.fixture';
import { labelShipment } from '../../testing/label-shipment.fixture';
import { INTERNATIONAL_MAIL_CLASS_BY_SERVICE, INTERNATIONAL_PACKAGING } from './usps-international-mappings';
import { uspsInternationalLabelRequest } from './usps-international-request';

const DATE = '2026-11-28';

const mapped = (shipment = internationalShipment(), service = 'USPS-5') => {
  const request = uspsInternationalLabelRequest({ service, shipment }, DATE);
  if (!request.ok) throw new Error(request.reason);
  return request.body;
};
const refusal = (shipment = internationalShipment(), service = 'USPS-5') => {
  const request = uspsInternationalLabelRequest({ service, shipment }, DATE);
  return request.ok ? undefined : request.reason;
};
const item = (overrides: Partial<LabelCustomsItem> = {}): LabelCustomsItem => ({
  quantity: 1,
  price: 10,
  country_of_manufacture: 'US',
  sku: 'SKU-1',
  hs_code: '610910',
  description: 'Cotton t-shirt',
  content_type: 'Merchandise',
  ...overrides,
});

describe('the USPS international label request', () => {
  const pairs = Object.entries(INTERNATIONAL_MAIL_CLASS_BY_SERVICE).flatMap(([service, mailClass]) =>
    Object.keys(INTERNATIONAL_PACKAGING)
      .filter((boxType) => INTERNATIONAL_PACKAGING[boxType][mailClass])
      .map((boxType) => [service, boxType] as const),
  );

  it.each(pairs)('for %s in %s passes every documented check', (service, boxType) => {
    const body = mapped(internationalShipment({ box_type: boxType }), service);
    expect(internationalLabelRequestFindings(body)).toEqual([]);
    expect(body.packageDescription).toMatchObject({
      mailClass: INTERNATIONAL_MAIL_CLASS_BY_SERVICE[service],
      rateIndicator:
        INTERNATIONAL_PACKAGING[boxType][INTERNATIONAL_MAIL_CLASS_BY_SERVICE[service]].rateIndicator,
      mailingDate: DATE,
      destinationEntryFacilityType: 'NONE',
    });
  });

  it('addresses the label abroad by country name and ISO code, with postal code and province', () => {
    const body = mapped(
      internationalShipment(
        {},
        {
          to_address: {
            ...internationalShipment().to_address,
            country: 'GB',
            zip: 'SW1A 1AA',
            state: 'London',
          },
        },
      ),
    );
    expect(body.toAddress).toEqual({
      firstName: 'Charlotte',
      lastName: 'Martin',
      streetAddress: '118 Avenue de France',
      city: 'Paris',
      postalCode: 'SW1A 1AA',
      province: 'London',
      country: 'United Kingdom',
      countryISOAlpha2Code: 'GB',
      phone: '+33153235555',
    });
  });

  it('names a one-word addressee as a firm, since a first name alone is not accepted', () => {
    const shipment = internationalShipment(
      {},
      { to_address: { ...internationalShipment().to_address, name: 'Globex' } },
    );
    const body = mapped(shipment);
    expect(body.toAddress).toMatchObject({ firm: 'Globex' });
    expect(body.toAddress.firstName).toBeUndefined();
    expect(internationalLabelRequestFindings(body)).toEqual([]);
  });

  it("declares the package's items: totals of value and of the piece's weight shared by quantity, HS codes without dots", () => {
    const body = mapped();
    expect(body.customsForm).toEqual({
      customsContentType: 'MERCHANDISE',
      AESITN: 'NO EEI 30.37(a)',
      contents: [
        {
          itemDescription: 'Cotton t-shirt',
          itemQuantity: 2,
          itemTotalValue: 25,
          weightUOM: 'lb',
          itemTotalWeight: 1.33,
          HSTariffNumber: '6109100012',
          countryofOrigin: 'US',
        },
        {
          itemDescription: 'Ceramic mug',
          itemQuantity: 1,
          itemTotalValue: 20,
          weightUOM: 'lb',
          itemTotalWeight: 0.67,
          HSTariffNumber: '691200',
          countryofOrigin: 'PT',
        },
      ],
    });
    expect(body.packageDescription.packageOptions).toEqual({ packageValue: 45, nonDeliveryOption: 'RETURN' });
  });

  it('converts kilograms to pounds, for the package and its items', () => {
    const body = mapped(internationalShipment({ weight: 1 }, { weight_unit: 'KG', length_unit: 'CM' }));
    expect(body.packageDescription).toMatchObject({
      weight: 2.2,
      weightUOM: 'lb',
      length: 3.94,
      dimensionsUOM: 'in',
    });
    expect(body.customsForm.contents.reduce((sum, line) => sum + line.itemTotalWeight, 0)).toBeCloseTo(
      2.2,
      1,
    );
  });

  it.each([
    ['Gift', 'GIFT'],
    ['Documents', 'DOCUMENT'],
    ['Sample', 'COMMERCIAL_SAMPLE'],
  ])('maps items of content type %s to %s', (type, customsContentType) => {
    const body = mapped(internationalShipment({ items: [item({ content_type: type })] }));
    expect(body.customsForm.customsContentType).toBe(customsContentType);
  });

  it('sends the ITN of an export filing, and requires one above $2,500', () => {
    const expensive = { items: [item({ price: 2600 })] };
    expect(refusal(internationalShipment(expensive))).toBe(
      'USPS: a package valued over $2500 needs the ITN of its export filing (customs_details.aes_itn).',
    );
    const filed = mapped(
      internationalShipment(expensive, { customs_details: { aes_itn: 'X20261128123456' } }),
    );
    expect(filed.customsForm.AESITN).toBe('X20261128123456');
  });

  it('asks for insurance by the declared value, 930 up to $500 and 931 above', () => {
    expect(mapped(internationalShipment({ insurance: true })).packageDescription.extraServices).toEqual([
      930,
    ]);
    const valuable = internationalShipment({ insurance: true, items: [item({ price: 600 })] });
    expect(mapped(valuable).packageDescription.extraServices).toEqual([931]);
  });

  it.each([
    [
      'a domestic service',
      internationalShipment(),
      'USPS-1',
      'USPS: service USPS-1 is not sold through USPS International Labels.',
    ],
    [
      'several pieces',
      internationalShipment({ count: 2 }),
      'USPS-5',
      'USPS: a label is for one piece; this shipment has 2.',
    ],
    [
      'an address in the United States',
      labelShipment({ package_list: internationalShipment().package_list }),
      'USPS-5',
      'USPS: service USPS-5 ships abroad; this address is in the United States.',
    ],
    [
      'a sender abroad',
      internationalShipment({}, { from_address: { ...labelShipment().from_address, country: 'CA' } }),
      'USPS-5',
      'USPS: International Labels ship from the United States only.',
    ],
    [
      'no customs items',
      internationalShipment({ items: [] }),
      'USPS-5',
      "USPS: an international label needs the package's customs items.",
    ],
    [
      'items of two content types',
      internationalShipment({ items: [item(), item({ content_type: 'Gift' })] }),
      'USPS-5',
      'USPS: a customs form has one contents type; this package mixes Merchandise and Gift.',
    ],
    [
      'an HS code too short',
      internationalShipment({ items: [item({ hs_code: '6109' })] }),
      'USPS-5',
      'USPS: the HS code of customs item 1 must be 6 to 14 letters and digits.',
    ],
    [
      'more than 30 items',
      internationalShipment({ items: Array.from({ length: 31 }, () => item()) }),
      'USPS-5',
      'USPS: a customs form holds at most 30 items; this package has 31.',
    ],
    [
      'a signature',
      internationalShipment({ signature: 'signature' }),
      'USPS-5',
      'USPS: the extra service signature is not offered with USPS international labels.',
    ],
    [
      'a flat rate box with First-Class',
      internationalShipment({ box_type: 'usps_small_flat_rate_box' }),
      'USPS-4',
      'USPS: box type usps_small_flat_rate_box is not sold with FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE.',
    ],
  ])('refuses %s without asking USPS', (_, shipment, service, reason) => {
    expect(refusal(shipment, service)).toBe(reason);
  });
});
