import {
  customsItem,
  deAddress,
  errorsOf,
  parcelOrder,
  validated,
  withField,
  withoutField,
} from '../request-bodies.fixture';
import { BatchShipment } from './batch-shipment.dto';

const shipment = () => parcelOrder();
const international = () => ({ ...shipment(), to_address: deAddress() });

describe('BatchShipment (one batch item)', () => {
  it('accepts the parcel fields with their defaults', () => {
    const item = validated(BatchShipment, { ...shipment(), weight_unit: 'KG', length_unit: 'CM' });
    expect(item.package_list[0]).toMatchObject({
      insurance: false,
      is_hazmat: false,
      signature: 'no_signature',
    });
    expect([item.weight_unit, item.length_unit]).toEqual(['KG', 'CM']);
    expect(item.customs_details.bill_type).toBe('DDP');
  });

  describe('addresses', () => {
    it.each(['from_address', 'to_address'])('needs a telephone of 10-15 digits in %s', (address) => {
      expect(
        errorsOf(BatchShipment, withField(shipment(), `${address}.telephone`, '+1 212-555-0100')),
      ).toEqual({
        [`${address}.telephone`]: [`The ${address}.telephone must be between 10 and 15 digits.`],
      });
    });

    it('accepts an email', () => {
      const item = validated(BatchShipment, withField(shipment(), 'to_address.email', 'john@example.com'));
      expect(item.to_address.email).toBe('john@example.com');
    });

    it('refuses an email that is not one', () => {
      expect(errorsOf(BatchShipment, withField(shipment(), 'to_address.email', 'john@'))).toEqual({
        'to_address.email': ['The to_address.email must be a valid email address.'],
      });
    });

    it('requires to_address', () => {
      expect(errorsOf(BatchShipment, withoutField(shipment(), 'to_address'))).toEqual({
        to_address: ['The to_address field is required.'],
      });
    });
  });

  describe('from_address_id', () => {
    it('takes priority over from_address, which is then neither validated nor kept', () => {
      const item = validated(BatchShipment, {
        ...shipment(),
        from_address_id: 1,
        from_address: { telephone: 'x' },
      });
      expect(item.from_address_id).toBe(1);
      expect(item.from_address).toBeUndefined();
    });

    it('is what makes from_address optional', () => {
      expect(errorsOf(BatchShipment, withoutField(shipment(), 'from_address'))).toEqual({
        from_address: ['The from_address field is required when from_address_id is not present.'],
      });
    });

    it.each(['from_address_id', 'return_address_id'])('refuses %s that is not an integer id', (field) => {
      expect(errorsOf(BatchShipment, { ...shipment(), [field]: '1' })).toEqual({
        [field]: [`The ${field} must be an integer.`],
      });
    });
  });

  describe('international shipments', () => {
    it('require customs items on every package', () => {
      expect(errorsOf(BatchShipment, international())).toEqual({
        'package_list.0.items': ['The package_list.0.items field is required on international shipments.'],
      });
    });

    it('pass with customs items', () => {
      expect(
        validated(BatchShipment, withField(international(), 'package_list.0.items', [customsItem()]))
          .package_list[0].items,
      ).toHaveLength(1);
    });

    it('are not decided when a saved from address stands in', () => {
      expect(
        validated(BatchShipment, { ...withoutField(international(), 'from_address'), from_address_id: 2 })
          .from_address_id,
      ).toBe(2);
    });
  });

  describe('package_list', () => {
    it('refuses an empty list', () => {
      expect(errorsOf(BatchShipment, { ...shipment(), package_list: [] })).toEqual({
        package_list: ['The package_list field is required.'],
      });
    });

    it('refuses more than 50 packages', () => {
      const packages = Array.from({ length: 51 }, () => (shipment().package_list as unknown[])[0]);
      expect(errorsOf(BatchShipment, { ...shipment(), package_list: packages })).toEqual({
        package_list: ['The package_list must not have more than 50 items.'],
      });
    });
  });

  describe('label_format', () => {
    it.each(['pdf', 'PDF', 'Pdf'])('accepts %p', (format) => {
      expect(validated(BatchShipment, { ...shipment(), label_format: format }).label_format).toBe(format);
    });

    it.each(['zpl', 'png', ''])('refuses %p: only PDF labels exist', (format) => {
      expect(errorsOf(BatchShipment, { ...shipment(), label_format: format })).toEqual({
        label_format: ['The label_format must be pdf: only the PDF label format is supported.'],
      });
    });

    it('refuses a label_format that is not a string', () => {
      expect(errorsOf(BatchShipment, { ...shipment(), label_format: 1 })).toEqual({
        label_format: ['The label_format must be a string.'],
      });
    });

    it('may be left out', () => {
      expect(validated(BatchShipment, shipment()).label_format).toBeUndefined();
    });
  });
});
