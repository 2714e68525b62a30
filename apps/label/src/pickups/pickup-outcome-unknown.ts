import type { CarrierPickupScheduleRequest } from '@shipping/contracts';

/**
 * Why a pickup ends failed when the carrier's answer was lost: the carrier may have scheduled it,
 * takes no idempotency key and cannot be asked again without scheduling a second one. It names
 * what the merchant looks for in the carrier account; a fault's message names paths, never secrets.
 */
export function pickupOutcomeUnknownReason(request: CarrierPickupScheduleRequest, cause: string): string {
  const name = request.shipper.carrier.toUpperCase();
  const { date, address } = request.pickup;
  return (
    `${name} may have scheduled this pickup, but its answer was lost (${cause}). ` +
    `It was not asked again: ${name} takes no idempotency key for pickups. ` +
    `Look in your ${name} account for a pickup on ${date} at ZIP Code ${address.zip} and cancel it there if it exists.`
  );
}
