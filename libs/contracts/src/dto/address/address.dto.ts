import { BooleanField, CountryField, DigitsField, EmailField, StringField } from '../../validation';

/** Countries whose addresses need a state (province). */
export const STATE_REQUIRED_COUNTRIES: readonly string[] = ['US', 'CA'];

/** The postal lines every address has; the variants add the telephone rule and their extras. */
export abstract class AddressFields {
  @StringField()
  name!: string;

  @StringField({ presence: 'optional' })
  attention?: string | null;

  @StringField()
  street_1!: string;

  @StringField({ presence: 'optional' })
  street_2?: string | null;

  @StringField({ presence: 'optional' })
  street_3?: string | null;

  @StringField()
  city!: string;

  @StringField({ max: 32 })
  zip!: string;

  @StringField({
    presence: (address) =>
      STATE_REQUIRED_COUNTRIES.includes(address.country as string) ? 'required' : 'optional',
    requiredMessage: 'The :attribute field is required when :sibling(country) is US or CA.',
  })
  state?: string | null;

  @CountryField()
  country!: string;
}

/** Parcel-order addresses: the parcel-order listing states no digit count for the telephone. */
export class ParcelAddress extends AddressFields {
  @StringField({ max: 50 })
  telephone!: string;
}

/** Freight, batch, instant-ship and pickup-rate addresses: telephone of 10-15 digits only. */
export class StrictAddress extends AddressFields {
  @DigitsField(10, 15)
  telephone!: string;
}

/** Strict address that also accepts an email (batch, instant ship, pickup rates). */
export class ContactAddress extends StrictAddress {
  @EmailField({ presence: 'optional' })
  email?: string | null;
}

export class FreightAddress extends StrictAddress {
  @BooleanField({ presence: 'defaulted' })
  lift_gate = false;

  @BooleanField({ presence: 'defaulted' })
  residential = false;

  @BooleanField({ presence: 'defaulted' })
  inside = false;

  @BooleanField({ presence: 'defaulted' })
  limited_access = false;

  @BooleanField({ presence: 'defaulted' })
  appointment = false;
}

/** from_address of a pickup order. */
export class PickupAddress extends ParcelAddress {
  @BooleanField()
  is_residential!: boolean;
}

/** from_address of a pickup-rate request. */
export class PickupRateAddress extends ContactAddress {
  @BooleanField()
  is_residential!: boolean;
}

/** to_address of an instant ship. */
export class InstantShipToAddress extends ContactAddress {
  /** Ship even when the postal carrier flags the address as bad. */
  @BooleanField({ presence: 'defaulted' })
  ignore_bad_address = true;
}
