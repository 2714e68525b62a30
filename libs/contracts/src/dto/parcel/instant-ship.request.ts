import { isInstantShipService } from '@shipping/reference-data';
import type { FieldErrors } from '@shipping/contracts-core';
import {
  documented,
  field,
  type HasCrossFieldRules,
  InField,
  IntegerField,
  isString,
  ListField,
  MAX_ID,
  ObjectField,
} from '../../validation';
import { ContactAddress, InstantShipToAddress } from '../address/address.dto';
import { FROM_ADDRESS_RULES, OPTIONAL_ID } from '../from-address';
import { CustomsDetails } from './customs-details.dto';
import { ExtraServices } from './extra-services.dto';
import { internationalItemsErrors } from './international-items';
import {
  LENGTH_UNITS,
  type LengthUnit,
  MAX_PACKAGES,
  WEIGHT_UNITS,
  type WeightUnit,
} from './parcel-order.request';
import { ParcelPackage } from './parcel-package.dto';

export const INSTANT_SHIP_SERVICE_MESSAGE =
  'The selected service is invalid: instant ship offers USPS-1, USPS-2 and USPS-3 only.';

function InstantShipServiceField(): PropertyDecorator {
  const schema = { type: 'string', enum: ['USPS-1', 'USPS-2', 'USPS-3'] };
  return documented(
    {},
    schema,
    field({}, [
      {
        name: 'in',
        test: (value) => isString(value) && isInstantShipService(value),
        message: INSTANT_SHIP_SERVICE_MESSAGE,
      },
    ]),
  );
}

/**
 * `POST /parcel-orders/instant-ship`: a parcel shipment with the strict address rules (telephone
 * of 10-15 digits, email allowed), shipped at once with the postal carrier. Units left out come
 * from the account's preferences.
 */
export class InstantShipRequest implements HasCrossFieldRules {
  @InstantShipServiceField()
  service!: string;

  @IntegerField({ min: 1, max: MAX_ID })
  shipper_id!: number;

  @IntegerField(OPTIONAL_ID)
  from_address_id?: number | null;

  @IntegerField(OPTIONAL_ID)
  return_address_id?: number | null;

  @ObjectField(() => ContactAddress, FROM_ADDRESS_RULES)
  from_address?: ContactAddress;

  @ObjectField(() => InstantShipToAddress)
  to_address!: InstantShipToAddress;

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
