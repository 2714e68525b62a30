import { applyBasisPoints, type Cents, formatCents } from '@shipping/contracts-core';

export interface PickupRateCard {
  carrier: string;
  base_price_cents: number;
  fuel_surcharge_bps: number;
  residential_fee_cents: number;
  per_pound_cents: number;
  per_piece_cents: number;
}

export interface QuotedPiece {
  quantity: number;
  /** Pounds per piece. */
  weight: number;
}

export interface PickupQuote {
  base: Cents;
  fuel: Cents;
  miscellaneous: { name: string; amount: Cents }[];
  final: Cents;
}

/** Hundredths of a pound, so sums of awkward weights (0.1 + 0.2) stay exact. */
export const toHundredths = (pounds: number) => Math.round(pounds * 100);

export function totalHundredths(pieces: QuotedPiece[]): number {
  return pieces.reduce((sum, piece) => sum + piece.quantity * toHundredths(piece.weight), 0);
}

/** Carriers bill whole pounds, rounded up. */
export function billablePounds(pieces: QuotedPiece[]): number {
  return Math.ceil(totalHundredths(pieces) / 100);
}

/**
 * Base = flat fee + per billable pound + per piece; the fuel surcharge applies to the base;
 * a residential pickup adds its fee as a miscellaneous charge. All in integer cents.
 */
export function quotePickup(pieces: QuotedPiece[], residential: boolean, card: PickupRateCard): PickupQuote {
  const pieceCount = pieces.reduce((sum, piece) => sum + piece.quantity, 0);
  const base =
    card.base_price_cents + billablePounds(pieces) * card.per_pound_cents + pieceCount * card.per_piece_cents;
  const fuel = applyBasisPoints(base, card.fuel_surcharge_bps);
  const miscellaneous =
    residential && card.residential_fee_cents > 0
      ? [{ name: 'Residential pickup', amount: card.residential_fee_cents }]
      : [];
  return {
    base,
    fuel,
    miscellaneous,
    final: base + fuel + miscellaneous.reduce((sum, charge) => sum + charge.amount, 0),
  };
}

export function pickupRateView(id: number | null, quote: PickupQuote) {
  return {
    id,
    miscellaneous_charges: quote.miscellaneous.map((charge) => ({
      name: charge.name,
      amount: formatCents(charge.amount),
    })),
    base_price: formatCents(quote.base),
    fuel_price: formatCents(quote.fuel),
    final_price: formatCents(quote.final),
  };
}
