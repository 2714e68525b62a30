import {
  errorsOf,
  freightItem,
  freightOrder,
  usAddress,
  validated,
  withField,
  withoutField,
} from '../request-bodies.fixture';
import { FreightOrderRequest } from './freight-order.request';

const flagsOff = {
  lift_gate: false,
  residential: false,
  inside: false,
  limited_access: false,
  appointment: false,
};
const reefer = { instruction: 'continuous', min_temperature: -18, max_temperature: -10 };
const hazmatItem = () => ({
  ...freightItem(),
  is_hazmat: true,
  hazmat_detail: { hazmat_matrix_id: 1, packing_group: 'II' },
});
const emergencyContact = { name: 'CHEMTREC', phone: '8004249300' };

describe('FreightOrderRequest', () => {
  describe('given a minimal valid body', () => {
    it('answers it with every default applied', () => {
      const body = freightOrder();
      expect(JSON.parse(JSON.stringify(validated(FreightOrderRequest, body)))).toEqual({
        ...body,
        vehicle_type: 'dry_van',
        insurance: false,
        from_address: { ...(body.from_address as object), ...flagsOff },
        to_address: { ...(body.to_address as object), ...flagsOff },
        items: [
          {
            ...freightItem(),
            package_type: 'pallet_48x40',
            freight_class: 'auto',
            is_hazmat: false,
            is_used_items: false,
            is_stackable: false,
          },
        ],
      });
    });
  });

  describe('given a full valid body', () => {
    it('keeps every field', () => {
      const body = {
        ...freightOrder(),
        shipment_order_id: 7,
        vehicle_type: 'reefer',
        reefer_details: reefer,
        insurance: true,
        from_instructions: 'Ring the bell',
        to_instructions: 'Call before arrival',
        from_address: {
          ...usAddress(),
          attention: 'Dock 4',
          lift_gate: true,
          residential: true,
          inside: true,
          limited_access: true,
          appointment: true,
        },
        to_address: { ...usAddress(), ...flagsOff, appointment: true },
        items: [
          {
            ...hazmatItem(),
            price: 1200.5,
            package_type: 'crate',
            freight_class: '77.5',
            is_used_items: true,
            is_stackable: true,
            sku: 'PO-991',
          },
          {
            ...freightItem(),
            price: 0,
            package_type: 'pallet_48x48',
            length: 48,
            width: 48,
            freight_class: 'auto',
            is_hazmat: false,
            is_used_items: false,
            is_stackable: false,
          },
        ],
        emergency_contact: emergencyContact,
      };
      expect(JSON.parse(JSON.stringify(validated(FreightOrderRequest, body)))).toEqual(body);
    });
  });

  describe('required fields', () => {
    it.each([
      'pickup_date',
      'from_opening_time',
      'from_closing_time',
      'to_opening_time',
      'to_closing_time',
      'to_address',
      'items',
    ])('requires %s', (field) => {
      expect(errorsOf(FreightOrderRequest, withoutField(freightOrder(), field))).toEqual({
        [field]: [`The ${field} field is required.`],
      });
    });

    it('requires from_address when from_address_id is absent', () => {
      expect(errorsOf(FreightOrderRequest, withoutField(freightOrder(), 'from_address'))).toEqual({
        from_address: ['The from_address field is required when from_address_id is not present.'],
      });
    });

    it('ignores from_address when from_address_id is present', () => {
      const order = validated(FreightOrderRequest, {
        ...freightOrder(),
        from_address_id: 3,
        from_address: { city: 12 },
      });
      expect([order.from_address_id, order.from_address]).toEqual([3, undefined]);
    });

    it('refuses an empty items list', () => {
      expect(errorsOf(FreightOrderRequest, { ...freightOrder(), items: [] })).toEqual({
        items: ['The items field is required.'],
      });
    });

    it('names a missing address line by its full path', () => {
      expect(errorsOf(FreightOrderRequest, withoutField(freightOrder(), 'to_address.city'))).toEqual({
        'to_address.city': ['The to_address.city field is required.'],
      });
    });

    it('requires the state of a Canadian to_address', () => {
      const body = withField(withoutField(freightOrder(), 'to_address.state'), 'to_address.country', 'CA');
      expect(errorsOf(FreightOrderRequest, body)).toEqual({
        'to_address.state': ['The to_address.state field is required when to_address.country is US or CA.'],
      });
    });
  });

  describe('pickup_date (Y-m-d, a real calendar date)', () => {
    it.each(['2026-02-30', '2026-13-01', '12/01/2026', '2026-12-1', '2026-12-01 08:00'])(
      'refuses %p',
      (pickup_date) => {
        expect(errorsOf(FreightOrderRequest, { ...freightOrder(), pickup_date })).toEqual({
          pickup_date: ['The pickup_date must be a date in the format Y-m-d.'],
        });
      },
    );

    it('refuses a number', () => {
      expect(errorsOf(FreightOrderRequest, { ...freightOrder(), pickup_date: 20261201 })).toEqual({
        pickup_date: ['The pickup_date must be a string.'],
      });
    });

    it('accepts a leap day', () => {
      expect(
        validated(FreightOrderRequest, { ...freightOrder(), pickup_date: '2028-02-29' }).pickup_date,
      ).toBe('2028-02-29');
    });
  });

  describe('opening and closing times (H:i, 00:00-23:59)', () => {
    const fields = ['from_opening_time', 'from_closing_time', 'to_opening_time', 'to_closing_time'];

    it.each(fields.flatMap((field) => ['24:00', '8:00', '08:00:00', '12:60'].map((value) => [field, value])))(
      'refuses %s %p',
      (field, value) => {
        expect(errorsOf(FreightOrderRequest, { ...freightOrder(), [field]: value })).toEqual({
          [field]: [`The ${field} must be a time in the format H:i.`],
        });
      },
    );

    it.each(['00:00', '23:59'])('accepts %p', (time) => {
      expect(
        validated(FreightOrderRequest, { ...freightOrder(), from_opening_time: time }).from_opening_time,
      ).toBe(time);
    });
  });

  describe('vehicle_type', () => {
    it.each(['dry_van', 'flatbed'])('accepts %s without reefer_details', (vehicle_type) => {
      expect(validated(FreightOrderRequest, { ...freightOrder(), vehicle_type }).vehicle_type).toBe(
        vehicle_type,
      );
    });

    it.each(['truck', 'REEFER', 5, null])('refuses %p', (vehicle_type) => {
      expect(errorsOf(FreightOrderRequest, { ...freightOrder(), vehicle_type })).toEqual({
        vehicle_type: ['The selected vehicle_type is invalid.'],
      });
    });
  });

  describe('reefer_details', () => {
    it('is required when vehicle_type is reefer', () => {
      expect(errorsOf(FreightOrderRequest, { ...freightOrder(), vehicle_type: 'reefer' })).toEqual({
        reefer_details: ['The reefer_details field is required when vehicle_type is reefer.'],
      });
    });

    it.each(['instruction', 'min_temperature', 'max_temperature'])('requires %s', (field) => {
      const body = { ...freightOrder(), vehicle_type: 'reefer', reefer_details: withoutField(reefer, field) };
      expect(errorsOf(FreightOrderRequest, body)).toEqual({
        [`reefer_details.${field}`]: [`The reefer_details.${field} field is required.`],
      });
    });

    it.each(['constant', 'Cycle'])('refuses the instruction %p', (instruction) => {
      const body = { ...freightOrder(), vehicle_type: 'reefer', reefer_details: { ...reefer, instruction } };
      expect(errorsOf(FreightOrderRequest, body)).toEqual({
        'reefer_details.instruction': ['The selected reefer_details.instruction is invalid.'],
      });
    });

    it.each([
      [-10, -10],
      [5, -5],
    ])('refuses min_temperature %p with max_temperature %p', (min_temperature, max_temperature) => {
      const body = {
        ...freightOrder(),
        vehicle_type: 'reefer',
        reefer_details: { ...reefer, min_temperature, max_temperature },
      };
      expect(errorsOf(FreightOrderRequest, body)).toEqual({
        'reefer_details.max_temperature': [
          'The reefer_details.max_temperature must be greater than reefer_details.min_temperature.',
        ],
      });
    });

    it('accepts the cycle instruction with fractional temperatures', () => {
      const body = {
        ...freightOrder(),
        vehicle_type: 'reefer',
        reefer_details: { instruction: 'cycle', min_temperature: 2.5, max_temperature: 7.5 },
      };
      expect(validated(FreightOrderRequest, body).reefer_details).toEqual(body.reefer_details);
    });

    it('refuses a temperature sent as a string', () => {
      const body = {
        ...freightOrder(),
        vehicle_type: 'reefer',
        reefer_details: { ...reefer, min_temperature: '-18' },
      };
      expect(errorsOf(FreightOrderRequest, body)).toEqual({
        'reefer_details.min_temperature': ['The reefer_details.min_temperature must be a number.'],
      });
    });
  });

  describe('addresses', () => {
    it.each(['+1 212 555 0100', '212-555-0100', '555010'])(
      'need a telephone of 10-15 digits, not %p',
      (telephone) => {
        expect(
          errorsOf(FreightOrderRequest, withField(freightOrder(), 'from_address.telephone', telephone)),
        ).toEqual({
          'from_address.telephone': ['The from_address.telephone must be between 10 and 15 digits.'],
        });
      },
    );

    it('refuse a freight flag that is not a Boolean', () => {
      expect(errorsOf(FreightOrderRequest, withField(freightOrder(), 'to_address.lift_gate', 'yes'))).toEqual(
        {
          'to_address.lift_gate': ['The to_address.lift_gate field must be true or false.'],
        },
      );
    });
  });

  describe('insurance (our field: selects insurance, so each item needs its price)', () => {
    it('requires the price of every item', () => {
      const body = {
        ...freightOrder(),
        insurance: true,
        items: [freightItem(), { ...freightItem(), price: 10 }, { ...freightItem(), price: null }],
      };
      expect(errorsOf(FreightOrderRequest, body)).toEqual({
        'items.0.price': ['The items.0.price field is required when insurance is true.'],
        'items.2.price': ['The items.2.price field is required when insurance is true.'],
      });
    });

    it('needs no price without insurance', () => {
      expect(validated(FreightOrderRequest, freightOrder()).items[0].price).toBeUndefined();
    });

    it('refuses a negative price either way', () => {
      expect(errorsOf(FreightOrderRequest, withField(freightOrder(), 'items.0.price', -1))).toEqual({
        'items.0.price': ['The items.0.price must be at least 0.'],
      });
    });

    it('must be a Boolean', () => {
      expect(errorsOf(FreightOrderRequest, { ...freightOrder(), insurance: 'yes' })).toEqual({
        insurance: ['The insurance field must be true or false.'],
      });
    });
  });

  describe('emergency_contact', () => {
    it('is required when any item is hazmat', () => {
      const body = { ...freightOrder(), items: [freightItem(), hazmatItem()] };
      expect(errorsOf(FreightOrderRequest, body)).toEqual({
        emergency_contact: ['The emergency_contact field is required when an item has is_hazmat true.'],
      });
    });

    it('is accepted with a hazmat item', () => {
      const body = { ...freightOrder(), items: [hazmatItem()], emergency_contact: emergencyContact };
      expect(validated(FreightOrderRequest, body).emergency_contact).toEqual(emergencyContact);
    });

    it.each(['name', 'phone'])('requires %s', (field) => {
      const body = {
        ...freightOrder(),
        items: [hazmatItem()],
        emergency_contact: withoutField(emergencyContact, field),
      };
      expect(errorsOf(FreightOrderRequest, body)).toEqual({
        [`emergency_contact.${field}`]: [`The emergency_contact.${field} field is required.`],
      });
    });

    it.each(['800-424-9300', '800424930', '8004249300123456'])('refuses the phone %p', (phone) => {
      const body = {
        ...freightOrder(),
        items: [hazmatItem()],
        emergency_contact: { ...emergencyContact, phone },
      };
      expect(errorsOf(FreightOrderRequest, body)).toEqual({
        'emergency_contact.phone': ['The emergency_contact.phone must be between 10 and 15 digits.'],
      });
    });
  });
});
