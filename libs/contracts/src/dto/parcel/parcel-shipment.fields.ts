import type { FieldErrors } from '@shipping/contracts-core';
import {
  type FieldsBase,
  type HasCrossFieldRules,
  InField,
  IntegerField,
  ListField,
  NoLeadingFields,
  ObjectField,
} from '../../validation';
import { FROM_ADDRESS_RULES, OPTIONAL_ID } from '../from-address';
import { CustomsDetails } from './customs-details.dto';
import { ExtraServices } from './extra-services.dto';
import { internationalItemsErrors } from './international-items';
import { ParcelPackage } from './parcel-package.dto';

export const WEIGHT_UNITS = ['LBS', 'KG'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export const LENGTH_UNITS = ['IN', 'CM'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

export const MAX_PACKAGES = 50;

/** The address classes a shipment's sender and recipient are validated as. */
export interface ShipmentAddresses<From, To> {
  from: new () => From;
  to: new () => To;
}

/**
 * The fields of a parcel shipment (parcel order, batch shipment, instant ship), after the fields
 * `Base` declares. Units left out come from the account's preferences, so they stay unset here.
 */
export function ParcelShipmentFields<From extends object, To extends object, Base extends FieldsBase>(
  addresses: ShipmentAddresses<From, To>,
  Base: Base = NoLeadingFields as Base,
) {
  class ParcelShipment extends Base implements HasCrossFieldRules {
    @IntegerField(OPTIONAL_ID)
    from_address_id?: number | null;

    @IntegerField(OPTIONAL_ID)
    return_address_id?: number | null;

    @ObjectField(() => addresses.from, FROM_ADDRESS_RULES)
    from_address?: From;

    @ObjectField(() => addresses.to)
    to_address!: To;

    @InField(WEIGHT_UNITS, { presence: 'optional' })
    weight_unit?: WeightUnit | null;

    @InField(LENGTH_UNITS, { presence: 'optional' })
    length_unit?: LengthUnit | null;

    @ListField(() => ParcelPackage, { max: MAX_PACKAGES })
    package_list!: ParcelPackage[];

    @ObjectField(() => ExtraServices, { presence: 'defaulted' })
    extra_services = new ExtraServices();

    @ObjectField(() => CustomsDetails, { presence: 'defaulted' })
    customs_details = new CustomsDetails();

    crossFieldErrors(): FieldErrors {
      return internationalItemsErrors(this.from_address, this.to_address, this.package_list);
    }
  }
  return ParcelShipment;
}
