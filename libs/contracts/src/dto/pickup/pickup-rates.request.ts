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
import { PickupRateAddress } from '../address/address.dto';
import { OPTIONAL_ID } from '../from-address';
import { PickupDateField } from './pickup-fields';
import { PickupRatePiece } from './pickup-piece.dto';
import { MAX_PICKUP_PIECES } from './pickup-order.request';
import {
  carriersSaid,
  CLOSE_AFTER_READY,
  pieceCarrierErrors,
  ratePieceFieldsOf,
  requiredForCarriersWith,
} from './pickup-rules';

export const VALID_FROM_ADDRESS_MESSAGE = 'A valid from address is required.';

const dated = requiredForCarriersWith('pickup_rates_undated', 'unless');
const windowed = requiredForCarriersWith('pickup_rates_window');
const WINDOW_MESSAGE = `The :attribute field is required when :sibling(carrier) is ${carriersSaid('pickup_rates_window')}.`;

/** `POST pickup-orders/get-rates`: the price of a pickup order, with or without saving one. */
export class PickupRatesRequest implements HasCrossFieldRules {
  /** A pickup order of the caller's to price (its id is echoed in the answer). */
  @IntegerField(OPTIONAL_ID)
  id?: number | null;

  @IntegerField(OPTIONAL_ID)
  from_address_id?: number | null;

  /** Ignored when from_address_id is sent; with neither, the sender is missing (see below). */
  @ObjectField(() => PickupRateAddress, {
    presence: 'optional',
    ignoredBeside: 'from_address_id',
  })
  from_address?: PickupRateAddress;

  @InField(carriersWith('pickup'))
  carrier!: string;

  @PickupDateField({
    presence: dated,
    requiredMessage: `The :attribute field is required unless :sibling(carrier) is ${carriersSaid('pickup_rates_undated')}.`,
  })
  pickup_date?: string | null;

  @TimeField({ presence: windowed, requiredMessage: WINDOW_MESSAGE })
  ready_time?: string | null;

  @TimeField({ presence: windowed, requiredMessage: WINDOW_MESSAGE, checks: [CLOSE_AFTER_READY] })
  close_time?: string | null;

  @ListField(() => PickupRatePiece, { max: MAX_PICKUP_PIECES })
  pieces!: PickupRatePiece[];

  crossFieldErrors(): FieldErrors {
    const senderMissing =
      (this.from_address_id === undefined || this.from_address_id === null) &&
      (this.from_address === undefined || this.from_address === null);
    return {
      ...(senderMissing ? { from_address_id: [VALID_FROM_ADDRESS_MESSAGE] } : {}),
      ...pieceCarrierErrors(this.carrier, this.pieces, ratePieceFieldsOf(this.carrier)),
    };
  }
}
