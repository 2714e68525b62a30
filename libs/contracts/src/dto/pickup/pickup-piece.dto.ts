import { findPickupService, PICKUP_SERVICES } from '@shipping/reference-data';
import {
  BooleanField,
  CountryField,
  type FieldsBase,
  InField,
  IntegerField,
  isString,
  NumberField,
} from '../../validation';
import { LIMITS } from '../limits';
import { carriersSaid } from './pickup-rules';

const DESTINATION_CONDITION = `Required when the order's \`carrier\` is ${carriersSaid('pickup_piece_destination')}.`;

export const CONTAINER_TYPES = ['package', 'letter'] as const;

export const MAX_PIECE_QUANTITY = 999;

const isPickupService = {
  test: (value: unknown) => isString(value) && findPickupService(value) !== undefined,
  codes: PICKUP_SERVICES.map((service) => service.code),
};

/** The fields of a pieces[] element after the service fields `Base` declares. */
function PickupPieceFields<Base extends FieldsBase>(Base: Base) {
  class PickupPieceBase extends Base {
    @InField(CONTAINER_TYPES, { presence: 'optional', condition: DESTINATION_CONDITION })
    container_type?: string | null;

    @IntegerField({ min: 1, max: MAX_PIECE_QUANTITY })
    quantity!: number;

    /** Pounds, per piece. */
    @NumberField({ greaterThan: 0, max: LIMITS.pickupPieceWeight })
    weight!: number;

    @CountryField({ presence: 'optional', condition: DESTINATION_CONDITION })
    destination_country_code?: string | null;
  }
  return PickupPieceBase;
}

class OrderedPickupService {
  /** With is_gfp true the service is chosen by the service, so none needs to be sent. */
  @InField(isPickupService, {
    presence: (piece) => (piece.is_gfp === true ? 'optional' : 'required'),
    condition: 'Required unless `is_gfp` is true (then the service is chosen by the service).',
  })
  service?: string | null;

  @BooleanField({
    presence: 'optional',
    condition: `Ground freight indicator, default false. Required when the order's \`carrier\` is ${carriersSaid('pickup_ground_freight_flag')}; when true the service is set by the service.`,
  })
  is_gfp?: boolean | null;
}

/**
 * One pieces[] element of a pickup order. The rules that depend on the order's carrier (which
 * fields the first carrier needs, which services belong to the carrier) are the order's own.
 */
export class PickupPiece extends PickupPieceFields(OrderedPickupService) {}

class PricedPickupService {
  @InField(isPickupService, { presence: 'optional' })
  service?: string | null;
}

/** A pieces[] element of a pickup-rate request: the samples also send a service, checked when sent. */
export class PickupRatePiece extends PickupPieceFields(PricedPickupService) {}
