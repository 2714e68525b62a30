import { carriersWith } from '@shipping/reference-data';
import type { FieldErrors } from '@shipping/contracts-core';
import {
  type HasCrossFieldRules,
  InField,
  IntegerField,
  ListField,
  ObjectField,
  TimeField,
} from '../../validation';
import { PickupAddress } from '../address/address.dto';
import { FROM_ADDRESS_RULES, OPTIONAL_ID } from '../from-address';
import { PickupDateField } from './pickup-fields';
import { PickupPiece } from './pickup-piece.dto';
import {
  carriersSaid,
  CLOSE_AFTER_READY,
  orderPieceFieldsOf,
  pieceCarrierErrors,
  requiredForCarriersWith,
} from './pickup-rules';

export const MAX_PICKUP_PIECES = 100;

/** Some carriers schedule pickups for a day and a window. */
const scheduled = requiredForCarriersWith('pickup_scheduled_window');
const SCHEDULED_MESSAGE = `The :attribute field is required when :sibling(carrier) is ${carriersSaid('pickup_scheduled_window')}.`;

/** `POST pickup-orders`. Sending `id` updates that pickup order. */
export class PickupOrderRequest implements HasCrossFieldRules {
  @IntegerField(OPTIONAL_ID)
  id?: number | null;

  @IntegerField(OPTIONAL_ID)
  from_address_id?: number | null;

  @ObjectField(() => PickupAddress, FROM_ADDRESS_RULES)
  from_address?: PickupAddress;

  @InField(carriersWith('pickup'))
  carrier!: string;

  @PickupDateField({ presence: scheduled, requiredMessage: SCHEDULED_MESSAGE })
  pickup_date?: string | null;

  @TimeField({ presence: scheduled, requiredMessage: SCHEDULED_MESSAGE })
  ready_time?: string | null;

  @TimeField({ presence: scheduled, requiredMessage: SCHEDULED_MESSAGE, checks: [CLOSE_AFTER_READY] })
  close_time?: string | null;

  @ListField(() => PickupPiece, { max: MAX_PICKUP_PIECES })
  pieces!: PickupPiece[];

  crossFieldErrors(): FieldErrors {
    return pieceCarrierErrors(this.carrier, this.pieces, orderPieceFieldsOf(this.carrier));
  }
}
