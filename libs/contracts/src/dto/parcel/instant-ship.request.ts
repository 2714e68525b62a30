import { INSTANT_SHIP_SERVICE_CODES, isInstantShipService } from '@shipping/reference-data';
import { documented, field, IntegerField, isString, MAX_ID } from '../../validation';
import { ContactAddress, InstantShipToAddress } from '../address/address.dto';
import { ParcelShipmentFields } from './parcel-shipment.fields';

/** `USPS-1, USPS-2 and USPS-3`: the instant-ship services of the reference data. */
const instantShipServicesSaid = (codes: readonly string[]) =>
  codes.length <= 1 ? codes.join('') : `${codes.slice(0, -1).join(', ')} and ${codes[codes.length - 1]}`;

export const INSTANT_SHIP_SERVICE_MESSAGE = `The selected service is invalid: instant ship offers ${instantShipServicesSaid(INSTANT_SHIP_SERVICE_CODES)} only.`;

function InstantShipServiceField(): PropertyDecorator {
  const schema = { type: 'string', enum: [...INSTANT_SHIP_SERVICE_CODES] };
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
