import type { LabelShipment } from '@shipping/contracts';

/** How many pieces a shipment is: the sum of its packages' counts. */
export function pieceCount(shipment: LabelShipment): number {
  return shipment.package_list.reduce((sum, pkg) => sum + pkg.count, 0);
}

/**
 * The shipment as one-piece shipments, in package_list order (a package of count 3 is three pieces
 * in a row), each with the package's measures, references, signature and customs items.
 */
export function piecesOf(shipment: LabelShipment): LabelShipment[] {
  return shipment.package_list.flatMap((pkg) =>
    Array.from({ length: pkg.count }, () => ({ ...shipment, package_list: [{ ...pkg, count: 1 }] })),
  );
}

/** Where a piece's label is kept until the item's label, all pieces merged, is recorded. */
export const pieceLabelKey = (itemId: string, piece: number) => `items/${itemId}/piece-${piece}.pdf`;

/** The carrier key of a piece: the item's, numbered, so a carrier that honours keys sells each piece once. */
export const pieceCarrierKey = (carrierKey: string, piece: number) => `${carrierKey}/${piece}`;
