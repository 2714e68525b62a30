import { BOX_TYPES, isBoxType } from '@shipping/reference-data';
import { BooleanField, InField, IntegerField, ListField, NumberField, StringField } from '../../validation';
import { LIMITS } from '../limits';
import { CustomsItem } from './customs-item.dto';

export const SIGNATURES = ['no_signature', 'adult_signature', 'signature'] as const;
export type Signature = (typeof SIGNATURES)[number];

export const MAX_CUSTOMS_ITEMS = 100;

/** One package_list[] element of parcel orders, batch shipments and instant ship. */
export class ParcelPackage {
  @IntegerField({ min: 1, max: LIMITS.pieces })
  count!: number;

  @InField({ test: isBoxType, codes: BOX_TYPES.map((box) => box.code) }, { presence: 'optional' })
  box_type?: string | null;

  @NumberField({ greaterThan: 0, max: LIMITS.parcelDimension })
  length!: number;

  @NumberField({ greaterThan: 0, max: LIMITS.parcelDimension })
  width!: number;

  @NumberField({ greaterThan: 0, max: LIMITS.parcelDimension })
  height!: number;

  @NumberField({ greaterThan: 0, max: LIMITS.parcelWeight })
  weight!: number;

  @StringField({ presence: 'optional' })
  reference_1?: string | null;

  @StringField({ presence: 'optional' })
  reference_2?: string | null;

  @BooleanField({ presence: 'defaulted' })
  insurance = false;

  @BooleanField({ presence: 'defaulted' })
  is_hazmat = false;

  /** A string: the parcel-order listing types it as an array, but every sample sends a string. */
  @InField(SIGNATURES, { presence: 'defaulted' })
  signature: Signature = 'no_signature';

  /** Also required on international shipments: a rule of the shipment (see international-items). */
  @ListField(() => CustomsItem, {
    max: MAX_CUSTOMS_ITEMS,
    presence: (parcel) => (parcel.insurance === true ? 'required' : 'optional'),
    requiredMessage: 'The :attribute field is required when :sibling(insurance) is true.',
    condition:
      "Required when `insurance` is true, and on international shipments (`to_address.country` other than the sender's).",
  })
  items?: CustomsItem[] | null;
}
