import type { CarrierStanding } from './pickup-decider';
import type { PickupOrder } from './pickup-types';

/** `2026-12-01` -> `12-01-2026`: the interface answers pickup dates month first, with dashes. */
export function monthDayYear(date: string | null): string | null {
  if (!date) return null;
  const [year, month, day] = date.split('-');
  return `${month}-${day}-${year}`;
}

const pounds = (hundredths: number) => `${(hundredths / 100).toFixed(2).replace(/\.?0+$/, '')} lbs`;

/** What the answer says of the carrier: its confirmation number, or its message when it failed. */
export function carrierFieldsOf(standing: CarrierStanding) {
  return {
    status: standing.status,
    confirmation_number:
      standing.status === 'scheduled' || standing.status === 'cancelled'
        ? standing.confirmation_number
        : null,
    carrier_message: standing.status === 'failed' ? standing.reason : null,
  };
}

/**
 * The Pickup order object of the interface, with `confirmation_number` (the carrier's, once it
 * scheduled the pickup) and `carrier_message` (why it failed) beside its fields; `status` is
 * `ready` unless a carrier is asked (decision 0106).
 */
export function pickupOrderView(
  id: number,
  pickup: PickupOrder,
  readableService: (code: string) => string,
  standing: CarrierStanding = { status: 'ready' },
) {
  const { status, confirmation_number, carrier_message } = carrierFieldsOf(standing);
  return {
    id,
    from_address: pickup.from_address,
    piece_count: pickup.pieces.reduce((sum, piece) => sum + piece.quantity, 0),
    status,
    carrier: pickup.carrier,
    pieces: pickup.pieces.map((piece) => ({
      readable_service: readableService(piece.service),
      is_gfp: piece.is_gfp,
      service: piece.service,
      container_type: piece.container_type,
      quantity: piece.quantity,
      // The interface types a piece's weight as an integer: whole pounds, rounded up.
      weight: Math.ceil(piece.weight_hundredths / 100),
      destination_country_code: piece.destination_country_code,
    })),
    total_weight: pounds(
      pickup.pieces.reduce((sum, piece) => sum + piece.quantity * piece.weight_hundredths, 0),
    ),
    ready_time: pickup.ready_time,
    close_time: pickup.close_time,
    pickup_date: monthDayYear(pickup.pickup_date),
    confirmation_number,
    carrier_message,
  };
}

export type PickupOrderView = ReturnType<typeof pickupOrderView>;
