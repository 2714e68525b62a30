import {
  deAddress,
  errorsOf,
  usAddress,
  validated,
  withField,
  withoutField,
} from '../request-bodies.fixture';
import { AddressBookEntryRequest } from './address-book-entry.request';
import {
  ContactAddress,
  FreightAddress,
  InstantShipToAddress,
  ParcelAddress,
  PickupAddress,
  PickupRateAddress,
  StrictAddress,
} from './address.dto';

describe('addresses', () => {
  describe('given the postal fields every address has', () => {
    it('accepts a minimal address and a full one', () => {
      expect(validated(StrictAddress, usAddress())).toMatchObject(usAddress());
      const full = { ...usAddress(), attention: 'Dock 4', street_2: 'Floor 21', street_3: 'Suite 2100' };
      expect(validated(StrictAddress, full)).toMatchObject(full);
    });

    it.each(['name', 'street_1', 'city', 'zip', 'country', 'telephone'])('requires %s', (field) => {
      expect(errorsOf(StrictAddress, withoutField(usAddress(), field))).toEqual({
        [field]: [`The ${field} field is required.`],
      });
    });

    it.each(['US', 'CA'])('requires state in %s', (country) => {
      const body = withoutField({ ...usAddress(), country }, 'state');
      expect(errorsOf(StrictAddress, body)).toEqual({
        state: ['The state field is required when country is US or CA.'],
      });
    });

    it.each(['DE', 'GB', 'MX'])('does not require state in %s', (country) => {
      expect(validated(StrictAddress, { ...deAddress(), country }).state).toBeUndefined();
    });

    it('keeps a state sent for a country that needs none', () => {
      expect(validated(StrictAddress, { ...deAddress(), state: 'BE' }).state).toBe('BE');
    });

    it.each(['us', 'USA', '840', 'ZZ', ''])('refuses the country %p', (country) => {
      const message =
        country === ''
          ? 'The country field is required.'
          : 'The country must be a valid ISO 3166-1 alpha-2 country code.';
      expect(errorsOf(StrictAddress, { ...deAddress(), country })).toEqual({ country: [message] });
    });

    it.each([
      ['name', 42, 'The name must be a string.'],
      ['city', ['Berlin'], 'The city must be a string.'],
      ['country', 49, 'The country must be a string.'],
      ['zip', 'x'.repeat(33), 'The zip must not be greater than 32 characters.'],
      ['street_2', 'x'.repeat(256), 'The street_2 must not be greater than 255 characters.'],
    ])('refuses %s = %p', (field, value, message) => {
      expect(errorsOf(StrictAddress, withField(deAddress(), field, value))).toEqual({ [field]: [message] });
    });
  });

  describe('telephone', () => {
    it.each(['2125550100', '123456789012345'])(
      'accepts %p (10-15 digits) in a strict address',
      (telephone) => {
        expect(validated(StrictAddress, { ...usAddress(), telephone }).telephone).toBe(telephone);
      },
    );

    it.each(['212555010', '1234567890123456', '+12125550100', '212-555-0100', '(212) 555 0100'])(
      'refuses %p in a strict address',
      (telephone) => {
        expect(errorsOf(StrictAddress, { ...usAddress(), telephone })).toEqual({
          telephone: ['The telephone must be between 10 and 15 digits.'],
        });
      },
    );

    it('refuses a number for a telephone', () => {
      expect(errorsOf(StrictAddress, { ...usAddress(), telephone: 2125550100 })).toEqual({
        telephone: ['The telephone must be a string.'],
      });
    });

    it.each(['+1 (212) 555-0100', '555-0100'])(
      'accepts any telephone %p in a parcel-order address',
      (telephone) => {
        expect(validated(ParcelAddress, { ...usAddress(), telephone }).telephone).toBe(telephone);
      },
    );
  });

  describe('email', () => {
    it('is accepted in a contact address', () => {
      expect(validated(ContactAddress, { ...usAddress(), email: 'jane@example.com' }).email).toBe(
        'jane@example.com',
      );
    });

    it('must be an email address where accepted', () => {
      expect(errorsOf(ContactAddress, { ...usAddress(), email: 'jane@' })).toEqual({
        email: ['The email must be a valid email address.'],
      });
    });

    it.each([
      ['parcel-order', ParcelAddress],
      ['freight', FreightAddress],
      ['pickup-order', PickupAddress],
    ])('is dropped from a %s address, which does not accept it', (_, cls) => {
      expect(
        validated(cls, { ...usAddress(), is_residential: false, email: 'jane@example.com' }),
      ).not.toHaveProperty('email');
    });
  });

  describe('freight flags', () => {
    const flags = ['lift_gate', 'residential', 'inside', 'limited_access', 'appointment'];

    it('default to false', () => {
      const address = validated(FreightAddress, usAddress());
      expect(flags.map((flag) => address[flag as keyof FreightAddress])).toEqual([
        false,
        false,
        false,
        false,
        false,
      ]);
    });

    it.each(flags)('keeps %s true when sent', (flag) => {
      expect(validated(FreightAddress, { ...usAddress(), [flag]: true })[flag as keyof FreightAddress]).toBe(
        true,
      );
    });

    it.each(flags)('refuses %s as a string', (flag) => {
      expect(errorsOf(FreightAddress, { ...usAddress(), [flag]: 'true' })).toEqual({
        [flag]: [`The ${flag} field must be true or false.`],
      });
    });
  });

  describe('pickup addresses', () => {
    it.each([
      ['pickup-order', PickupAddress],
      ['pickup-rate', PickupRateAddress],
    ])('require is_residential in a %s address', (_, cls) => {
      expect(errorsOf(cls, usAddress())).toEqual({
        is_residential: ['The is_residential field is required.'],
      });
      expect(validated(cls, { ...usAddress(), is_residential: true }).is_residential).toBe(true);
    });

    it('checks telephone digits in a pickup-rate address but not in a pickup-order address', () => {
      const body = { ...usAddress(), is_residential: false, telephone: '+1 212 555 0100' };
      expect(validated(PickupAddress, body).telephone).toBe('+1 212 555 0100');
      expect(errorsOf(PickupRateAddress, body)).toEqual({
        telephone: ['The telephone must be between 10 and 15 digits.'],
      });
    });
  });

  describe('instant-ship to_address', () => {
    it('defaults ignore_bad_address to true', () => {
      expect(validated(InstantShipToAddress, usAddress()).ignore_bad_address).toBe(true);
    });

    it('keeps ignore_bad_address false when sent', () => {
      expect(
        validated(InstantShipToAddress, { ...usAddress(), ignore_bad_address: false }).ignore_bad_address,
      ).toBe(false);
    });
  });

  describe('address book entry (POST /addresses)', () => {
    it('defaults is_residential to false and accepts an email', () => {
      const entry = validated(AddressBookEntryRequest, { ...usAddress(), email: 'ops@acme.example' });
      expect(entry).toMatchObject({ is_residential: false, email: 'ops@acme.example' });
    });

    it('needs a telephone of 10-15 digits', () => {
      expect(errorsOf(AddressBookEntryRequest, { ...usAddress(), telephone: '555-0100' })).toEqual({
        telephone: ['The telephone must be between 10 and 15 digits.'],
      });
    });
  });
});
