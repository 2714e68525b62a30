import { IntegerField } from '../../validation';
import { ParcelAddress } from '../address/address.dto';
import { OPTIONAL_ID } from '../from-address';
import { ParcelShipmentFields } from './parcel-shipment.fields';

class ShipmentOrderReference {
  @IntegerField(OPTIONAL_ID)
  shipment_order_id?: number | null;
}

/** `POST parcel-orders`. */
export class ParcelOrderRequest extends ParcelShipmentFields(
  { from: ParcelAddress, to: ParcelAddress },
  ShipmentOrderReference,
) {}
