import {
  customsItem,
  errorsOf,
  parcelOrder,
  parcelPackage,
  validated,
  withField,
  withoutField,
} from '../request-bodies.fixture';
import { ParcelOrderRequest } from './parcel-order.request';

const withPackage = (fields: Record<string, unknown>) => ({
  ...parcelOrder(),
  package_list: [{ ...parcelPackage(), ...fields }],
});
const withItem = (fields: Record<string, unknown>) =>
  withPackage({ items: [{ ...customsItem(), ...fields }] });
const errorsOfPackage = (fields: Record<string, unknown>) =>
  errorsOf(ParcelOrderRequest, withPackage(fields));

describe('parcel package (package_list[])', () => {
  it.each(['count', 'length', 'width', 'height', 'weight'])('requires %s', (field) => {
    expect(errorsOf(ParcelOrderRequest, withoutField(parcelOrder(), `package_list.0.${field}`))).toEqual({
      [`package_list.0.${field}`]: [`The package_list.0.${field} field is required.`],
    });
  });

  it.each([
    ['count', 0, 'The package_list.0.count must be at least 1.'],
    ['count', 1.5, 'The package_list.0.count must be an integer.'],
    ['count', '1', 'The package_list.0.count must be an integer.'],
    ['length', 0, 'The package_list.0.length must be greater than 0.'],
    ['width', -1, 'The package_list.0.width must be greater than 0.'],
    ['height', '4', 'The package_list.0.height must be a number.'],
    ['weight', 0, 'The package_list.0.weight must be greater than 0.'],
    ['reference_1', 7, 'The package_list.0.reference_1 must be a string.'],
    ['box_type', 'shoebox', 'The selected package_list.0.box_type is invalid.'],
    ['signature', 'yes', 'The selected package_list.0.signature is invalid.'],
    ['signature', ['signature'], 'The selected package_list.0.signature is invalid.'],
    ['insurance', 'false', 'The package_list.0.insurance field must be true or false.'],
    ['is_hazmat', 0, 'The package_list.0.is_hazmat field must be true or false.'],
    ['items', { 0: customsItem() }, 'The package_list.0.items must be an array.'],
  ])('refuses %s = %p', (field, value, message) => {
    expect(errorsOfPackage({ [field]: value })).toEqual({ [`package_list.0.${field}`]: [message] });
  });

  it.each(['no_signature', 'adult_signature', 'signature'])('accepts the signature %s', (signature) => {
    expect(validated(ParcelOrderRequest, withPackage({ signature })).package_list[0].signature).toBe(
      signature,
    );
  });

  it.each(['your_packaging', 'usps_flat_rate_envelope', 'fedex_pak'])(
    'accepts the box_type %s',
    (box_type) => {
      expect(validated(ParcelOrderRequest, withPackage({ box_type })).package_list[0].box_type).toBe(
        box_type,
      );
    },
  );

  it('accepts fractional dimensions and weight', () => {
    expect(
      validated(ParcelOrderRequest, withPackage({ length: 0.5, weight: 0.01 })).package_list[0].weight,
    ).toBe(0.01);
  });

  it('requires items when insurance is true', () => {
    expect(errorsOfPackage({ insurance: true })).toEqual({
      'package_list.0.items': [
        'The package_list.0.items field is required when package_list.0.insurance is true.',
      ],
    });
    expect(errorsOfPackage({ insurance: true, items: [] })).toEqual({
      'package_list.0.items': [
        'The package_list.0.items field is required when package_list.0.insurance is true.',
      ],
    });
    expect(
      validated(ParcelOrderRequest, withPackage({ insurance: true, items: [customsItem()] })).package_list[0]
        .insurance,
    ).toBe(true);
  });

  it('accepts at most 50 packages', () => {
    expect(
      validated(ParcelOrderRequest, {
        ...parcelOrder(),
        package_list: Array.from({ length: 50 }, parcelPackage),
      }),
    ).toBeDefined();
    expect(
      errorsOf(ParcelOrderRequest, {
        ...parcelOrder(),
        package_list: Array.from({ length: 51 }, parcelPackage),
      }),
    ).toEqual({
      package_list: ['The package_list must not have more than 50 items.'],
    });
  });

  it('accepts at most 100 customs items', () => {
    expect(errorsOfPackage({ items: Array.from({ length: 101 }, customsItem) })).toEqual({
      'package_list.0.items': ['The package_list.0.items must not have more than 100 items.'],
    });
  });
});

describe('customs item (package_list[].items[])', () => {
  it('defaults content_type to Merchandise', () => {
    expect(validated(ParcelOrderRequest, withItem({})).package_list[0].items?.[0].content_type).toBe(
      'Merchandise',
    );
  });

  it.each(['Merchandise', 'Gift', 'Documents', 'Sample'])('accepts the content_type %s', (content_type) => {
    expect(
      validated(ParcelOrderRequest, withItem({ content_type })).package_list[0].items?.[0].content_type,
    ).toBe(content_type);
  });

  it.each(['quantity', 'price', 'country_of_manufacture', 'sku', 'hs_code', 'description'])(
    'requires %s',
    (field) => {
      const body = withoutField(withItem({}), `package_list.0.items.0.${field}`);
      expect(errorsOf(ParcelOrderRequest, body)).toEqual({
        [`package_list.0.items.0.${field}`]: [`The package_list.0.items.0.${field} field is required.`],
      });
    },
  );

  it.each([
    ['quantity', 0, 'The package_list.0.items.0.quantity must be at least 1.'],
    ['quantity', 2.5, 'The package_list.0.items.0.quantity must be an integer.'],
    ['price', -0.01, 'The package_list.0.items.0.price must be at least 0.'],
    ['price', '19.99', 'The package_list.0.items.0.price must be a number.'],
    [
      'country_of_manufacture',
      'XX',
      'The package_list.0.items.0.country_of_manufacture must be a valid ISO 3166-1 alpha-2 country code.',
    ],
    ['country_of_manufacture', 1.5, 'The package_list.0.items.0.country_of_manufacture must be a string.'],
    ['hs_code', 610910, 'The package_list.0.items.0.hs_code must be a string.'],
    ['content_type', 'gift', 'The selected package_list.0.items.0.content_type is invalid.'],
  ])('refuses %s = %p', (field, value, message) => {
    expect(errorsOf(ParcelOrderRequest, withItem({ [field]: value }))).toEqual({
      [`package_list.0.items.0.${field}`]: [message],
    });
  });

  it('accepts a free item (price 0)', () => {
    expect(validated(ParcelOrderRequest, withItem({ price: 0 })).package_list[0].items?.[0].price).toBe(0);
  });

  it('reports a field of the second item of the second package by its full path', () => {
    const body = {
      ...parcelOrder(),
      package_list: [parcelPackage(), { ...parcelPackage(), items: [customsItem(), customsItem()] }],
    };
    expect(errorsOf(ParcelOrderRequest, withoutField(body, 'package_list.1.items.1.hs_code'))).toEqual({
      'package_list.1.items.1.hs_code': ['The package_list.1.items.1.hs_code field is required.'],
    });
  });

  it('accepts any telephone in a parcel order', () => {
    expect(
      validated(ParcelOrderRequest, withField(parcelOrder(), 'to_address.telephone', '+1 (617) 555-0100')),
    ).toBeDefined();
  });
});
