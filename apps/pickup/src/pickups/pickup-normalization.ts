import {
  type AccountAddress,
  addressView,
  type PickupOrderRequest,
  type PickupPiece as PieceRequest,
} from '@shipping/contracts';
import {
  type PickupAddress,
  type PickupOrder,
  type PickupPiece,
  toHundredths,
} from '@shipping/pickup-domain';
import { groundFreightPickupService } from '@shipping/reference-data';

type AddressLike = Omit<AccountAddress, 'id'>;

/** The sender as the interface answers it: every line present, unset ones null. */
export const pickupAddress = (address: AddressLike, savedId: number | null): PickupAddress =>
  addressView(savedId, address);

/** Ground freight pieces get the carrier's ground freight service, whatever was sent. */
function pickupPiece(carrier: string, piece: PieceRequest): PickupPiece {
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
  request: PickupOrderRequest,
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
