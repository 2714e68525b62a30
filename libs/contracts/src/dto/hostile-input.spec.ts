import { FreightOrderRequest } from './freight/freight-order.request';
import { ParcelOrderRequest } from './parcel/parcel-order.request';
import {
  customsItem,
  errorsOf,
  freightItem,
  freightOrder,
  parcelOrder,
  parcelPackage,
  validated,
  withField,
} from './request-bodies.fixture';

const deepJunk = (depth: number): unknown => {
  let value: unknown = { city: 'x' };
  for (let level = 0; level < depth; level += 1) value = level % 2 ? { nested: value } : [value];
  return value;
};

describe('hostile request bodies', () => {
  it.each([null, [], [freightOrder()], 'freight', 0])('a %p body gets one clear error', (body) => {
    expect(errorsOf(FreightOrderRequest, body)).toEqual({
      body: ['The request body must be a JSON object.'],
    });
  });

  describe('a value of the wrong shape gets an error at its own path', () => {
    it.each([
      ['to_address', [], 'The to_address must be an object.'],
      ['to_address', 'Boston', 'The to_address must be an object.'],
      ['to_address', null, 'The to_address field is required.'],
      ['items', {}, 'The items must be an array.'],
      ['items', 'pallets', 'The items must be an array.'],
      ['items.0', null, 'The items.0 must be an object.'],
      ['items.0', [freightItem()], 'The items.0 must be an object.'],
      ['items.0', 'pallet', 'The items.0 must be an object.'],
      ['items.0.hazmat_detail', [], 'The items.0.hazmat_detail must be an object.'],
      ['emergency_contact', 'CHEMTREC', 'The emergency_contact must be an object.'],
      ['from_address.name', { first: 'Jane' }, 'The from_address.name must be a string.'],
    ])('freight %s = %p', (path, value, message) => {
      expect(errorsOf(FreightOrderRequest, withField(freightOrder(), path, value))).toEqual({
        [path]: [message],
      });
    });

    it.each([
      ['package_list', { 0: parcelPackage() }, 'The package_list must be an array.'],
      ['package_list.0', 1, 'The package_list.0 must be an object.'],
      ['package_list.0.items', customsItem(), 'The package_list.0.items must be an array.'],
      ['package_list.0.count', [1], 'The package_list.0.count must be an integer.'],
      ['package_list.0.weight', true, 'The package_list.0.weight must be a number.'],
      ['extra_services', 'saturday', 'The extra_services must be an object.'],
    ])('parcel %s = %p', (path, value, message) => {
      expect(errorsOf(ParcelOrderRequest, withField(parcelOrder(), path, value))).toEqual({
        [path]: [message],
      });
    });
  });

  describe('deeply nested junk inside known fields', () => {
    it('is refused at the field, without an exception', () => {
      const order = freightOrder();
      const body = {
        ...order,
        to_address: { ...(order.to_address as object), city: deepJunk(100_000) },
        items: [{ ...freightItem(), description: deepJunk(100_000) }],
      };
      expect(errorsOf(FreightOrderRequest, body)).toEqual({
        'to_address.city': ['The to_address.city must be a string.'],
        'items.0.description': ['The items.0.description must be a string.'],
      });
    });

    it('is dropped with the unknown field holding it', () => {
      const hazmat_detail = { hazmat_matrix_id: 3, packing_group: 'I', junk: deepJunk(100_000) };
      const body = {
        ...freightOrder(),
        items: [{ ...freightItem(), is_hazmat: true, hazmat_detail }],
        emergency_contact: { name: 'N', phone: '8004249300' },
        junk: deepJunk(100_000),
      };
      const order = validated(FreightOrderRequest, body);
      expect(order.items[0].hazmat_detail).not.toHaveProperty('junk');
      expect(order).not.toHaveProperty('junk');
    });
  });

  describe('ten-thousand-element arrays', () => {
    it.each([
      ['items', 'The items must not have more than 100 items.'],
      ['items.0.hazmat_detail', 'The items.0.hazmat_detail must be an object.'],
    ])('freight %s', (path, message) => {
      expect(
        errorsOf(FreightOrderRequest, withField(freightOrder(), path, new Array(10_000).fill(freightItem()))),
      ).toEqual({
        [path]: [message],
      });
    });

    it.each([
      ['package_list', 'The package_list must not have more than 50 items.'],
      ['package_list.0.items', 'The package_list.0.items must not have more than 100 items.'],
    ])('parcel %s', (path, message) => {
      expect(
        errorsOf(ParcelOrderRequest, withField(parcelOrder(), path, new Array(10_000).fill(customsItem()))),
      ).toEqual({
        [path]: [message],
      });
    });
  });

  it('refuses very long strings by their length', () => {
    const body = withField(
      withField(freightOrder(), 'to_instructions', 'x'.repeat(1001)),
      'to_address.name',
      '名'.repeat(100_000),
    );
    expect(errorsOf(FreightOrderRequest, body)).toEqual({
      to_instructions: ['The to_instructions must not be greater than 1000 characters.'],
      'to_address.name': ['The to_address.name must not be greater than 255 characters.'],
    });
  });

  it('accepts unicode text', () => {
    const body = withField(
      withField(parcelOrder(), 'to_address.name', 'Zoë Ñúñez 東京 📦'),
      'to_address.city',
      'Zürich',
    );
    expect(validated(ParcelOrderRequest, body).to_address).toMatchObject({
      name: 'Zoë Ñúñez 東京 📦',
      city: 'Zürich',
    });
  });

  it('is not polluted by prototype keys', () => {
    const body = {
      ...JSON.parse('{"__proto__": {"insurance": true}, "constructor": {"name": 1}}'),
      ...freightOrder(),
    };
    expect(validated(FreightOrderRequest, body).insurance).toBe(false);
    expect(({} as Record<string, unknown>).insurance).toBeUndefined();
  });
});
