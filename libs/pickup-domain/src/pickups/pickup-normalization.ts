import { type AccountAddress, addressView } from '@shipping/contracts-core';
import { groundFreightPickupService } from '@shipping/reference-data';
import { toHundredths } from '../rates/pickup-quote';
import type { PickupAddress, PickupOrder, PickupPiece } from './pickup-types';

/** A pieces[] element of a pickup order, as the request validated it. */
export interface PickupPieceFields {
  service?: string | null;
  is_gfp?: boolean | null;
  container_type?: string | null;
  quantity: number;
  /** Pounds, per piece. */
  weight: number;
  destination_country_code?: string | null;
}

/** The fields of a validated pickup order request that make the order. */
export interface PickupOrderFields {
  carrier: string;
  pickup_date?: string | null;
  ready_time?: string | null;
  close_time?: string | null;
  pieces: PickupPieceFields[];
}

type AddressLike = Omit<AccountAddress, 'id'>;

/** The sender as the interface answers it: every line present, unset ones null. */
const pickupAddress = (address: AddressLike, savedId: number | null): PickupAddress =>
  addressView(savedId, address);

/** Ground freight pieces get the carrier's ground freight service, whatever was sent. */
function pickupPiece(carrier: string, piece: PickupPieceFields): PickupPiece {
  const isGfp = piece.is_gfp === true;
  return {
    service: isGfp ? (groundFreightPickupService(carrier)?.code ?? '') : (piece.service ?? ''),
    is_gfp: isGfp,
    container_type: piece.container_type ?? null,
    quantity: piece.quantity,
    weight_hundredths: toHundredths(piece.weight),
    destination_country_code: piece.destination_country_code ?? null,
  };
}

export function toPickupOrder(
  request: PickupOrderFields,
  sender: AddressLike,
  savedId: number | null,
): PickupOrder {
  return {
    from_address: pickupAddress(sender, savedId),
    carrier: request.carrier,
    pickup_date: request.pickup_date ?? null,
    ready_time: request.ready_time ?? null,
    close_time: request.close_time ?? null,
    pieces: request.pieces.map((piece) => pickupPiece(request.carrier, piece)),
  };
}
