import {
  carrierCan,
  type CarrierCapability,
  carriersWith,
  findPickupService,
  groundFreightPickupService,
  isCarrierCode,
} from '@shipping/reference-data';
import type { FieldErrors } from '@shipping/contracts-core';
import { isString, isTimeHi, type Owner } from '../../validation';

/** Required when the owner's carrier has the capability (`unless`: when it has not). */
export const requiredForCarriersWith =
  (capability: CarrierCapability, when: 'with' | 'unless' = 'with') =>
  (owner: Owner): 'required' | 'optional' =>
    isCarrierCode(owner.carrier) && carrierCan(owner.carrier, capability) === (when === 'with')
      ? 'required'
      : 'optional';

/** The codes of the carriers with the capability as a message says them: `fedex or ups`. */
export function carriersSaid(capability: CarrierCapability): string {
  const codes = carriersWith(capability);
  return codes.length <= 1
    ? codes.join('')
    : `${codes.slice(0, -1).join(', ')} or ${codes[codes.length - 1]}`;
}

/** The piece fields a carrier's pickup orders need, in the order their errors are listed. */
export function orderPieceFieldsOf(carrier: unknown): readonly (keyof PieceLike)[] {
  return [
    ...(carrierCan(carrier, 'pickup_ground_freight_flag') ? (['is_gfp'] as const) : []),
    ...ratePieceFieldsOf(carrier),
  ];
}

/** The piece fields a carrier's pickup rates need. */
export function ratePieceFieldsOf(carrier: unknown): readonly (keyof PieceLike)[] {
  return carrierCan(carrier, 'pickup_piece_destination')
    ? (['container_type', 'destination_country_code'] as const)
    : [];
}

/** close_time after ready_time, when both are times. */
export const CLOSE_AFTER_READY = {
  name: 'after_ready_time',
  test: (value: unknown, owner: Owner) =>
    !isTimeHi(value) || !isTimeHi(owner.ready_time) || value > owner.ready_time,
  message: 'The :attribute must be a time after :sibling(ready_time).',
};

interface PieceLike {
  service?: unknown;
  is_gfp?: unknown;
  container_type?: unknown;
  destination_country_code?: unknown;
}

const absent = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The pieces' rules that depend on the carrier: the fields the carrier needs, services of that
 * carrier only, and ground freight only where the carrier offers it. The caller's carrier may be
 * invalid; then nothing is said here (the carrier field already failed).
 */
export function pieceCarrierErrors(
  carrier: unknown,
  pieces: unknown,
  requiredFields: readonly (keyof PieceLike)[],
): FieldErrors {
  if (!isCarrierCode(carrier) || !Array.isArray(pieces)) return {};
  const errors: FieldErrors = {};
  pieces.forEach((piece: PieceLike, index) => {
    if (typeof piece !== 'object' || piece === null) return;
    for (const name of requiredFields) {
      if (absent(piece[name]))
        errors[`pieces.${index}.${name}`] = [`The :attribute field is required when carrier is ${carrier}.`];
    }
    if (
      isString(piece.service) &&
      findPickupService(piece.service) &&
      findPickupService(piece.service)?.carrier !== carrier
    ) {
      errors[`pieces.${index}.service`] = [`The :attribute must be a pickup service of ${carrier}.`];
    }
    if (piece.is_gfp === true && !groundFreightPickupService(carrier)) {
      errors[`pieces.${index}.is_gfp`] = [`Ground freight pickup is not offered by ${carrier}.`];
    }
  });
  return errors;
}
