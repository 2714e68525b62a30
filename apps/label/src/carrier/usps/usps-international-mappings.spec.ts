import { CONTENT_TYPES } from '@shipping/contracts';
import { BOX_TYPES, PARCEL_SERVICES } from '@shipping/reference-data';
import {
  CUSTOMS_CONTENT_TYPES,
  INTERNATIONAL_EXTRA_SERVICE_CODES,
  INTERNATIONAL_MAIL_CLASSES,
  INTERNATIONAL_PROCESSING_CATEGORIES,
  INTERNATIONAL_RATE_INDICATORS,
} from '@shipping/testing';
import {
  CUSTOMS_CONTENT_TYPE,
  INTERNATIONAL_EXTRA_SERVICE_CODE,
  INTERNATIONAL_MAIL_CLASS_BY_SERVICE,
  INTERNATIONAL_PACKAGING,
} from './usps-international-mappings';
import { DEFAULT_BOX_TYPE, MAIL_CLASS_BY_SERVICE } from './usps-mappings';

describe('the USPS international mapping tables', () => {
  it('give every international USPS service a documented international mail class, and none to the domestic ones', () => {
    const usps = PARCEL_SERVICES.filter((service) => service.carrier === 'usps');
    for (const service of usps) {
      const mailClass = INTERNATIONAL_MAIL_CLASS_BY_SERVICE[service.code];
      if (service.international) expect(INTERNATIONAL_MAIL_CLASSES).toContain(mailClass);
      else expect(mailClass).toBeUndefined();
    }
    expect(Object.keys(INTERNATIONAL_MAIL_CLASS_BY_SERVICE).sort()).toEqual(
      usps
        .filter((service) => service.international)
        .map((service) => service.code)
        .sort(),
    );
    // Every USPS service is sold by exactly one of the two APIs.
    for (const service of usps)
      expect(
        [MAIL_CLASS_BY_SERVICE[service.code], INTERNATIONAL_MAIL_CLASS_BY_SERVICE[service.code]].filter(
          Boolean,
        ),
      ).toHaveLength(1);
  });

  it('map each known box type to documented international rate indicators and processing categories', () => {
    const boxTypes = new Map(BOX_TYPES.map((box) => [box.code, box]));
    for (const [boxType, byMailClass] of Object.entries(INTERNATIONAL_PACKAGING)) {
      expect([null, 'usps']).toContain(boxTypes.get(boxType)?.carrier);
      for (const [mailClass, packaging] of Object.entries(byMailClass)) {
        expect(Object.values(INTERNATIONAL_MAIL_CLASS_BY_SERVICE)).toContain(mailClass);
        expect(INTERNATIONAL_RATE_INDICATORS).toContain(packaging.rateIndicator);
        expect(INTERNATIONAL_PROCESSING_CATEGORIES).toContain(packaging.processingCategory);
      }
    }
  });

  it('sell your own packaging with every international mail class as Single Piece, flat rate only as Priority Mail International', () => {
    for (const mailClass of Object.values(INTERNATIONAL_MAIL_CLASS_BY_SERVICE))
      expect(INTERNATIONAL_PACKAGING[DEFAULT_BOX_TYPE][mailClass]?.rateIndicator).toBe('SP');
    const flatRate = Object.entries(INTERNATIONAL_PACKAGING).filter(
      ([boxType]) => boxType !== DEFAULT_BOX_TYPE,
    );
    expect(flatRate.map(([boxType, byMailClass]) => [boxType, Object.keys(byMailClass)])).toEqual(
      flatRate.map(([boxType]) => [boxType, ['PRIORITY_MAIL_INTERNATIONAL']]),
    );
  });

  it('map every content type of the interface to a documented customs contents type', () => {
    expect(Object.keys(CUSTOMS_CONTENT_TYPE).sort()).toEqual([...CONTENT_TYPES].sort());
    for (const type of Object.values(CUSTOMS_CONTENT_TYPE)) expect(CUSTOMS_CONTENT_TYPES).toContain(type);
  });

  it('map insurance to documented international extra service codes, and signatures to none', () => {
    for (const code of Object.values(INTERNATIONAL_EXTRA_SERVICE_CODE))
      if (code !== null) expect(INTERNATIONAL_EXTRA_SERVICE_CODES).toContain(code);
    expect(INTERNATIONAL_EXTRA_SERVICE_CODE.signature).toBeNull();
    expect(INTERNATIONAL_EXTRA_SERVICE_CODE.adult_signature).toBeNull();
  });
});
