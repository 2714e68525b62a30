import { isInstantShipService } from '@shipping/reference-data';
import { documented, field, IntegerField, isString, MAX_ID } from '../../validation';
import { ContactAddress, InstantShipToAddress } from '../address/address.dto';
import { ParcelShipmentFields } from './parcel-shipment.fields';

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

class InstantShipCarrierChoice {
  @InstantShipServiceField()
  service!: string;

  @IntegerField({ min: 1, max: MAX_ID })
  shipper_id!: number;
}

/**
 * `POST /parcel-orders/instant-ship`: a parcel shipment with the strict address rules (telephone
 * of 10-15 digits, email allowed), shipped at once with the postal carrier.
 */
export class InstantShipRequest extends ParcelShipmentFields(
  { from: ContactAddress, to: InstantShipToAddress },
  InstantShipCarrierChoice,
) {}
