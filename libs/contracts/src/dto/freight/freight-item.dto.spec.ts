import { errorsOf, freightItem, freightOrder, validated, withoutField } from '../request-bodies.fixture';
import { FreightOrderRequest } from './freight-order.request';

const withItem = (fields: Record<string, unknown>) => ({
  ...freightOrder(),
  items: [{ ...freightItem(), ...fields }],
});
const itemOf = (fields: Record<string, unknown>) => validated(FreightOrderRequest, withItem(fields)).items[0];

describe('freight item (items[])', () => {
  it.each(['count', 'length', 'width', 'height', 'weight', 'description'])('requires %s', (field) => {
    expect(errorsOf(FreightOrderRequest, withoutField(freightOrder(), `items.0.${field}`))).toEqual({
      [`items.0.${field}`]: [`The items.0.${field} field is required.`],
    });
  });

  it.each([
    ['count', 0, 'The items.0.count must be at least 1.'],
    ['count', 2.5, 'The items.0.count must be an integer.'],
    ['length', 0, 'The items.0.length must be greater than 0.'],
    ['height', -3, 'The items.0.height must be greater than 0.'],
    ['weight', '350', 'The items.0.weight must be a number.'],
    ['description', 12, 'The items.0.description must be a string.'],
    ['description', 'x'.repeat(256), 'The items.0.description must not be greater than 255 characters.'],
    ['package_type', 'pallet', 'The selected items.0.package_type is invalid.'],
    ['package_type', null, 'The selected items.0.package_type is invalid.'],
    ['freight_class', '77', 'The selected items.0.freight_class is invalid.'],
    ['freight_class', 77.5, 'The selected items.0.freight_class is invalid.'],
    ['is_hazmat', 'no', 'The items.0.is_hazmat field must be true or false.'],
    ['is_used_items', 1, 'The items.0.is_used_items field must be true or false.'],
    ['is_stackable', null, 'The items.0.is_stackable field must be true or false.'],
    ['sku', 991, 'The items.0.sku must be a string.'],
    ['hazmat_detail', 'UN1203', 'The items.0.hazmat_detail must be an object.'],
  ])('refuses %s = %p', (field, value, message) => {
    expect(errorsOf(FreightOrderRequest, withItem({ [field]: value }))).toEqual({
      [`items.0.${field}`]: [message],
    });
  });

  describe('package types that force dimensions', () => {
    it('accepts the forced values of the default pallet', () => {
      expect(itemOf({ length: 48, width: 40 })).toMatchObject({
        package_type: 'pallet_48x40',
        length: 48,
        width: 40,
      });
    });

    it('accepts the forced values of the square pallet', () => {
      expect(itemOf({ package_type: 'pallet_48x48', length: 48, width: 48 })).toMatchObject({
        length: 48,
        width: 48,
      });
    });

    it('accepts other dimensions too, which the order service overwrites', () => {
      expect(itemOf({ package_type: 'pallet_48x40', length: 30, width: 30 })).toMatchObject({
        length: 30,
        width: 30,
      });
    });
  });

  it.each(['pallet_custom', 'crate', 'box', 'drum', 'bundle'])(
    'accepts the package_type %s',
    (package_type) => {
      expect(itemOf({ package_type }).package_type).toBe(package_type);
    },
  );

  it.each(['auto', '50', '77.5', '92.5', '500'])('accepts the freight_class %s', (freight_class) => {
    expect(itemOf({ freight_class }).freight_class).toBe(freight_class);
  });

  it('requires hazmat_detail when is_hazmat is true', () => {
    const body = {
      ...withItem({ is_hazmat: true }),
      emergency_contact: { name: 'CHEMTREC', phone: '8004249300' },
    };
    expect(errorsOf(FreightOrderRequest, body)).toEqual({
      'items.0.hazmat_detail': [
        'The items.0.hazmat_detail field is required when items.0.is_hazmat is true.',
      ],
    });
  });

  it('accepts at most 100 items', () => {
    expect(
      validated(FreightOrderRequest, { ...freightOrder(), items: Array.from({ length: 100 }, freightItem) })
        .items,
    ).toHaveLength(100);
    expect(
      errorsOf(FreightOrderRequest, { ...freightOrder(), items: Array.from({ length: 101 }, freightItem) }),
    ).toEqual({
      items: ['The items must not have more than 100 items.'],
    });
  });
});
