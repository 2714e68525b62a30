import { encodeHashId, type ShipperRecord } from '@shipping/contracts';

/** Batches and instant ship need the caller's own carrier-account integration of the postal carrier. */
const POSTAL_CARRIER = 'usps';

export function toShipperRecord(row: {
  shipper_id: number;
  name: string;
  carrier: string;
  integration: string;
}): ShipperRecord {
  const ownPostal = row.carrier === POSTAL_CARRIER && row.integration === 'own';
  return {
    id: row.shipper_id,
    hash_id: encodeHashId('shipper', row.shipper_id),
    name: row.name,
    carrier: row.carrier,
    integration: row.integration as ShipperRecord['integration'],
    batch_eligible: ownPostal,
    instant_ship_eligible: ownPostal,
  };
}
