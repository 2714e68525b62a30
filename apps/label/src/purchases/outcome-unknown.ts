import type { LabelShipment } from '@shipping/contracts';

/** What an error says of a purchase that may have been sold: its message and any tracking number. */
function causeOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const tracking = (error as { trackingNumber?: unknown } | null)?.trackingNumber;
  return typeof tracking === 'string' ? `${message}; tracking number ${tracking}` : message;
}

/**
 * Why an item of a carrier without idempotency keys ends failed when the carrier's answer was lost:
 * it may have sold the label, cannot be asked which, and is not asked again (decision 0102). It names
 * what the merchant looks for in the carrier account, never a secret.
 */
export function outcomeUnknownReason(
  carrier: string,
  itemId: string,
  shipment: LabelShipment,
  cause: unknown,
  day: string,
  piece?: { number: number; of: number },
): string {
  const name = carrier.toUpperCase();
  const which = piece ? `item ${itemId}, piece ${piece.number} of ${piece.of}` : `item ${itemId}`;
  return (
    `${name} may have sold this label, but its answer was lost (${causeOf(cause)}). ` +
    `It was not bought again: ${name} takes no idempotency key and cannot be asked which labels it sold. ` +
    `Look in your ${name} account for a label bought on ${day} to ZIP Code ${shipment.to_address.zip} ` +
    `(${which}) and void it there if it exists.`
  );
}

/** The cause recorded when a holder died while the carrier was asked. */
export const ANSWER_LOST_IN_A_RESTART = 'the label app stopped while the carrier was asked';
