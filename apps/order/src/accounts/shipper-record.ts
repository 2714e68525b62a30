import { encodeHashId, type ShipperRecord } from '@shipping/contracts';
import { carrierCan } from '@shipping/reference-data';

/**
 * Batches and instant ship need the caller's own carrier-account integration of a carrier that
 * ships them (its capabilities in the reference data).
 */
export function toShipperRecord(row: {
  shipper_id: number;
  name: string;
  carrier: string;
  integration: string;
  credentials_set_at?: Date | string | null;
}): ShipperRecord {
  const own = row.integration === 'own';
  return {
    id: row.shipper_id,
    hash_id: encodeHashId('shipper', row.shipper_id),
    name: row.name,
    carrier: row.carrier,
    integration: row.integration as ShipperRecord['integration'],
    batch_eligible: own && carrierCan(row.carrier, 'batch'),
    instant_ship_eligible: own && carrierCan(row.carrier, 'instant_ship'),
    has_credentials: row.credentials_set_at != null,
    credentials_set_at:
      row.credentials_set_at == null ? null : new Date(row.credentials_set_at).toISOString(),
  };
}
