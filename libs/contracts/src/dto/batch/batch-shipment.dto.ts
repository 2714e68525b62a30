import type { FieldErrors } from '@shipping/contracts-core';
import {
  documented,
  field,
  type HasCrossFieldRules,
  InField,
  IntegerField,
  isString,
  ListField,
  messages,
  ObjectField,
} from '../../validation';
import { ContactAddress } from '../address/address.dto';
import { FROM_ADDRESS_RULES, OPTIONAL_ID } from '../from-address';
import { CustomsDetails } from '../parcel/customs-details.dto';
import { ExtraServices } from '../parcel/extra-services.dto';
import { internationalItemsErrors } from '../parcel/international-items';
import {
  LENGTH_UNITS,
  type LengthUnit,
  MAX_PACKAGES,
  WEIGHT_UNITS,
  type WeightUnit,
} from '../parcel/parcel-order.request';
import { ParcelPackage } from '../parcel/parcel-package.dto';

export const LABEL_FORMAT_MESSAGE = 'The :attribute must be pdf: only the PDF label format is supported.';

function LabelFormatField(): PropertyDecorator {
  return documented(
    { presence: 'optional' },
    { type: 'string', enum: ['pdf'] },
    field({ presence: 'optional' }, [
      { name: 'string', test: isString, message: messages.string },
      {
        name: 'label_format',
        test: (value) => isString(value) && value.toLowerCase() === 'pdf',
        message: LABEL_FORMAT_MESSAGE,
      },
    ]),
  );
}

/**
 * One element of `batch_shipments`, validated on its own as a batch item: error paths are relative
 * to the shipment (`to_address.telephone`). Units left out come from the account's preferences.
 */
export class BatchShipment implements HasCrossFieldRules {
  @IntegerField(OPTIONAL_ID)
  from_address_id?: number | null;

  @IntegerField(OPTIONAL_ID)
  return_address_id?: number | null;

  @ObjectField(() => ContactAddress, FROM_ADDRESS_RULES)
  from_address?: ContactAddress;

  @ObjectField(() => ContactAddress)
  to_address!: ContactAddress;

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

  /** Not a field of the interface; a caller who asks for another format is told, not ignored. */
  @LabelFormatField()
  label_format?: string | null;

  crossFieldErrors(): FieldErrors {
    return internationalItemsErrors(this.from_address, this.to_address, this.package_list);
  }
}
