import {
  customsItem,
  deAddress,
  errorsOf,
  parcelOrder,
  parcelPackage,
  usAddress,
  validated,
  withField,
  withoutField,
} from '../request-bodies.fixture';
import { ParcelOrderRequest } from './parcel-order.request';

const international = () => ({ ...parcelOrder(), to_address: deAddress() });

describe('ParcelOrderRequest', () => {
  describe('given a minimal valid body', () => {
    it('answers it with every default applied', () => {
      const order = JSON.parse(JSON.stringify(validated(ParcelOrderRequest, parcelOrder())));
      expect(order).toEqual({
        ...parcelOrder(),
        package_list: [{ ...parcelPackage(), insurance: false, is_hazmat: false, signature: 'no_signature' }],
        extra_services: {
          saturday_delivery: false,
          certified_mail: false,
          return_receipt: false,
          return_receipt_electronic: false,
          restricted_delivery: false,
        },
        customs_details: {
          bill_type: 'DDP',
          tax_id_type: null,
          tax_id: null,
          issuer_country: null,
          aes_itn: null,
        },
      });
    });

    it('leaves the units to the account preferences', () => {
      const order = validated(ParcelOrderRequest, parcelOrder());
      expect([order.weight_unit, order.length_unit]).toEqual([undefined, undefined]);
    });
  });

  describe('given a full valid body', () => {
    it('keeps every field', () => {
      const body = {
        shipment_order_id: 12,
        return_address_id: 2,
        from_address: { ...usAddress(), attention: 'Dock 4', street_2: 'Floor 2', street_3: 'Door B' },
        to_address: deAddress(),
        weight_unit: 'KG',
        length_unit: 'CM',
        package_list: [
          {
            ...parcelPackage(),
            box_type: 'usps_medium_flat_rate_box',
            reference_1: 'PO-1',
            reference_2: 'Ref 2',
            insurance: true,
            is_hazmat: false,
            signature: 'adult_signature',
            items: [{ ...customsItem(), content_type: 'Gift' }, customsItem()],
          },
        ],
        extra_services: {
          saturday_delivery: true,
          certified_mail: true,
          return_receipt: true,
          return_receipt_electronic: true,
          restricted_delivery: true,
        },
        customs_details: {
          bill_type: 'DDU',
          tax_id_type: 'VAT',
          tax_id: 'DE123456789',
          issuer_country: 'DE',
          aes_itn: 'X20261201123456',
        },
      };
      const expected = structuredClone(body);
      (expected.package_list[0].items[1] as Record<string, unknown>).content_type = 'Merchandise';
      expect(JSON.parse(JSON.stringify(validated(ParcelOrderRequest, body)))).toEqual(expected);
    });
  });

  describe('required fields', () => {
    it.each(['to_address', 'package_list'])('requires %s', (field) => {
      expect(errorsOf(ParcelOrderRequest, withoutField(parcelOrder(), field))).toEqual({
        [field]: [`The ${field} field is required.`],
      });
    });

    it('requires from_address when from_address_id is absent', () => {
      expect(errorsOf(ParcelOrderRequest, withoutField(parcelOrder(), 'from_address'))).toEqual({
        from_address: ['The from_address field is required when from_address_id is not present.'],
      });
    });

    it('refuses an empty package_list', () => {
      expect(errorsOf(ParcelOrderRequest, { ...parcelOrder(), package_list: [] })).toEqual({
        package_list: ['The package_list field is required.'],
      });
    });

    it('names nested fields by their full path', () => {
      expect(errorsOf(ParcelOrderRequest, withoutField(parcelOrder(), 'to_address.city'))).toEqual({
        'to_address.city': ['The to_address.city field is required.'],
      });
    });
  });

  describe('from_address_id', () => {
    it('takes priority: from_address is then neither validated nor kept', () => {
      const order = validated(ParcelOrderRequest, {
        ...parcelOrder(),
        from_address_id: 1,
        from_address: { name: 42 },
      });
      expect(order.from_address_id).toBe(1);
      expect(order.from_address).toBeUndefined();
    });

    it('replaces from_address entirely', () => {
      expect(
        validated(ParcelOrderRequest, { ...withoutField(parcelOrder(), 'from_address'), from_address_id: 2 })
          .from_address_id,
      ).toBe(2);
    });

    it.each([
      ['1', 'The from_address_id must be an integer.'],
      [0, 'The from_address_id must be at least 1.'],
      [2_147_483_648, 'The from_address_id must not be greater than 2147483647.'],
    ])('refuses %p', (id, message) => {
      expect(errorsOf(ParcelOrderRequest, { ...parcelOrder(), from_address_id: id })).toEqual({
        from_address_id: [message],
      });
    });
  });

  describe('ids', () => {
    it.each(['shipment_order_id', 'return_address_id'])('refuses %s as a string', (field) => {
      expect(errorsOf(ParcelOrderRequest, { ...parcelOrder(), [field]: '7' })).toEqual({
        [field]: [`The ${field} must be an integer.`],
      });
    });
  });

  describe('units', () => {
    it.each([
      ['weight_unit', 'lbs'],
      ['weight_unit', 'OZ'],
      ['length_unit', 'MM'],
      ['length_unit', 'in'],
    ])('refuses %s %p', (field, value) => {
      expect(errorsOf(ParcelOrderRequest, { ...parcelOrder(), [field]: value })).toEqual({
        [field]: [`The selected ${field} is invalid.`],
      });
    });
  });

  describe('international shipments (from_address.country differs from to_address.country)', () => {
    it('require items on every package', () => {
      const body = {
        ...international(),
        package_list: [parcelPackage(), { ...parcelPackage(), items: [customsItem()] }, parcelPackage()],
      };
      expect(errorsOf(ParcelOrderRequest, body)).toEqual({
        'package_list.0.items': ['The package_list.0.items field is required on international shipments.'],
        'package_list.2.items': ['The package_list.2.items field is required on international shipments.'],
      });
    });

    it('refuse an empty items list', () => {
      expect(errorsOf(ParcelOrderRequest, withField(international(), 'package_list.0.items', []))).toEqual({
        'package_list.0.items': ['The package_list.0.items field is required on international shipments.'],
      });
    });

    it('pass with items', () => {
      expect(
        validated(ParcelOrderRequest, withField(international(), 'package_list.0.items', [customsItem()]))
          .package_list,
      ).toHaveLength(1);
    });

    it('report a package with insurance and no items once', () => {
      expect(
        errorsOf(ParcelOrderRequest, withField(international(), 'package_list.0.insurance', true)),
      ).toEqual({
        'package_list.0.items': [
          'The package_list.0.items field is required when package_list.0.insurance is true.',
        ],
      });
    });

    it('are not decided when a saved from address stands in for from_address', () => {
      expect(
        validated(ParcelOrderRequest, {
          ...withoutField(international(), 'from_address'),
          from_address_id: 1,
        }),
      ).toBeDefined();
    });
  });

  describe('domestic shipments', () => {
    it('need no items', () => {
      expect(validated(ParcelOrderRequest, parcelOrder()).package_list[0].items).toBeUndefined();
    });
  });

  describe('extra_services and customs_details', () => {
    it('default the flags not sent', () => {
      const order = validated(ParcelOrderRequest, {
        ...parcelOrder(),
        extra_services: { certified_mail: true },
      });
      expect(order.extra_services).toMatchObject({
        certified_mail: true,
        saturday_delivery: false,
        restricted_delivery: false,
      });
    });

    it.each([
      'saturday_delivery',
      'certified_mail',
      'return_receipt',
      'return_receipt_electronic',
      'restricted_delivery',
    ])('refuse extra_services.%s that is not a Boolean', (flag) => {
      expect(errorsOf(ParcelOrderRequest, { ...parcelOrder(), extra_services: { [flag]: 'yes' } })).toEqual({
        [`extra_services.${flag}`]: [`The extra_services.${flag} field must be true or false.`],
      });
    });

    it.each([
      ['bill_type', 'DDX', 'The selected customs_details.bill_type is invalid.'],
      ['tax_id_type', 'TIN', 'The selected customs_details.tax_id_type is invalid.'],
      [
        'issuer_country',
        'Germany',
        'The customs_details.issuer_country must be a valid ISO 3166-1 alpha-2 country code.',
      ],
      ['tax_id', 12345, 'The customs_details.tax_id must be a string.'],
      ['aes_itn', 12345, 'The customs_details.aes_itn must be a string.'],
    ])('refuse customs_details.%s = %p', (field, value, message) => {
      expect(errorsOf(ParcelOrderRequest, { ...parcelOrder(), customs_details: { [field]: value } })).toEqual(
        {
          [`customs_details.${field}`]: [message],
        },
      );
    });

    it('accept customs_details with explicit nulls', () => {
      const body = {
        ...parcelOrder(),
        customs_details: { tax_id_type: null, tax_id: null, issuer_country: null, aes_itn: null },
      };
      expect(validated(ParcelOrderRequest, body).customs_details.bill_type).toBe('DDP');
    });

    it.each([
      ['extra_services', []],
      ['extra_services', null],
      ['customs_details', 'DDP'],
    ])('refuse %s = %p', (field, value) => {
      expect(errorsOf(ParcelOrderRequest, { ...parcelOrder(), [field]: value })).toEqual({
        [field]: [`The ${field} must be an object.`],
      });
    });
  });
});
