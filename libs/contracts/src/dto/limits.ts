/**
 * Upper bounds of measures and amounts: far above any real shipment, low enough that sums and
 * prices in integer cents stay exact. A value above one is a mistake to report, not to store.
 */
export const LIMITS = {
  /** Inches or centimetres. */
  parcelDimension: 1_000,
  /** Pounds or kilograms. */
  parcelWeight: 1_000,
  /** Inches. */
  freightDimension: 1_000,
  /** Pounds. */
  freightWeight: 100_000,
  /** Pounds, per pickup piece (ground freight pallets included). */
  pickupPieceWeight: 50_000,
  pieces: 9_999,
  /** Currency units (not cents). */
  amount: 10_000_000,
  /** Degrees. */
  temperature: 200,
} as const;
