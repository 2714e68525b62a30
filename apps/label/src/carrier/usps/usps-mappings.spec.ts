import { BOX_TYPES, PARCEL_SERVICES } from '@shipping/reference-data';
import {
  EXTRA_SERVICE_CODES,
  MAIL_CLASSES,
  PICKUP_PACKAGE_TYPES,
  PROCESSING_CATEGORIES,
  RATE_INDICATORS,
} from '@shipping/testing';
import { extraServiceCodes } from './usps-extra-services';
import {
  DEFAULT_BOX_TYPE,
  EXTRA_SERVICE_CODE,
  MAIL_CLASS_BY_SERVICE,
  PACKAGING,
  PICKUP_PACKAGE_TYPE_BY_MAIL_CLASS,
} from './usps-mappings';

describe('the USPS mapping tables', () => {
  it('give every domestic USPS service a documented mail class, and none to the international ones', () => {
    const usps = PARCEL_SERVICES.filter((service) => service.carrier === 'usps');
    for (const service of usps) {
      const mailClass = MAIL_CLASS_BY_SERVICE[service.code];
      if (service.international) expect(mailClass).toBeUndefined();
      else expect(MAIL_CLASSES).toContain(mailClass);
    }
    expect(Object.keys(MAIL_CLASS_BY_SERVICE).sort()).toEqual(
      usps
        .filter((service) => !service.international)
        .map((service) => service.code)
        .sort(),
    );
  });

  it('map each known box type to documented rate indicators and processing categories', () => {
    const boxTypes = new Map(BOX_TYPES.map((box) => [box.code, box]));
    for (const [boxType, byMailClass] of Object.entries(PACKAGING)) {
      expect([null, 'usps']).toContain(boxTypes.get(boxType)?.carrier);
      for (const [mailClass, packaging] of Object.entries(byMailClass)) {
        expect(Object.values(MAIL_CLASS_BY_SERVICE)).toContain(mailClass);
        expect(RATE_INDICATORS).toContain(packaging.rateIndicator);
        expect(PROCESSING_CATEGORIES).toContain(packaging.processingCategory);
      }
    }
  });

  it('sell your own packaging with every mail class as Single Piece, and flat rate packaging only as Priority Mail', () => {
    for (const mailClass of Object.values(MAIL_CLASS_BY_SERVICE))
      expect(PACKAGING[DEFAULT_BOX_TYPE][mailClass]?.rateIndicator).toBe('SP');
    const flatRate = Object.entries(PACKAGING).filter(([boxType]) => boxType !== DEFAULT_BOX_TYPE);
    expect(flatRate.map(([boxType, byMailClass]) => [boxType, Object.keys(byMailClass)])).toEqual(
      flatRate.map(([boxType]) => [boxType, ['PRIORITY_MAIL']]),
    );
  });

  it('leave out only USPS Soft Pack among USPS box types: its cubic tier needs more than our box type', () => {
    const uspsBoxes = BOX_TYPES.filter((box) => box.carrier === 'usps').map((box) => box.code);
    expect(uspsBoxes.filter((code) => !(code in PACKAGING))).toEqual(['usps_softpack']);
  });

  it('map extra services to documented codes, or to null where USPS Labels has none', () => {
    for (const code of Object.values(EXTRA_SERVICE_CODE))
      if (code !== null) expect(EXTRA_SERVICE_CODES).toContain(code);
  });

  it('map every mail class to a documented pickup package type', () => {
    for (const mailClass of Object.values(MAIL_CLASS_BY_SERVICE))
      expect(PICKUP_PACKAGE_TYPES).toContain(PICKUP_PACKAGE_TYPE_BY_MAIL_CLASS[mailClass]);
  });
});

describe('extra service codes', () => {
  it.each([
    [undefined, {}, []],
    ['no_signature', {}, []],
    ['signature', {}, [921]],
    ['adult_signature', {}, [922]],
    [undefined, { certified_mail: true }, [910]],
    [undefined, { certified_mail: true, restricted_delivery: true }, [911]],
    ['signature', { return_receipt: true, return_receipt_electronic: true }, [921, 955, 957]],
  ])('for signature %p and flags %p are %p', (signature, flags, codes) => {
    expect(extraServiceCodes(signature, flags)).toEqual({ ok: true, codes });
  });

  it.each([
    [{ saturday_delivery: true }, 'saturday_delivery'],
    [{ restricted_delivery: true }, 'restricted_delivery'],
  ])('refuse what USPS Labels does not offer: %p', (flags, name) => {
    expect(extraServiceCodes(undefined, flags)).toEqual({
      ok: false,
      reason: `USPS: the extra service ${name} is not offered with USPS labels.`,
    });
  });

  it('refuse a signature kind it does not know', () => {
    expect(extraServiceCodes('carrier_signature')).toEqual({
      ok: false,
      reason: 'USPS: the extra service carrier_signature is not offered with USPS labels.',
    });
  });
});
