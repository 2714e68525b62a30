import {
  DEFAULT_FREIGHT_CLASS,
  DEFAULT_FREIGHT_PACKAGE_TYPE,
  FREIGHT_CLASSES,
  FREIGHT_PACKAGE_TYPES,
  isFreightClass,
  isFreightPackageType,
} from '@shipping/reference-data';
import { BooleanField, InField, IntegerField, NumberField, ObjectField, StringField } from '../../validation';
import { LIMITS } from '../limits';
import { HazmatDetail } from './hazmat-detail.dto';

export class FreightItem {
  @IntegerField({ min: 1, max: LIMITS.pieces })
  count!: number;

  /** Standard pallets force length and width; the order service overwrites them after validation. */
  @InField(
    { test: isFreightPackageType, codes: FREIGHT_PACKAGE_TYPES.map((type) => type.code) },
    { presence: 'defaulted' },
  )
  package_type: string = DEFAULT_FREIGHT_PACKAGE_TYPE;

  /** Inches. */
  @NumberField({ greaterThan: 0, max: LIMITS.freightDimension })
  length!: number;

  /** Inches. */
  @NumberField({ greaterThan: 0, max: LIMITS.freightDimension })
  width!: number;

  /** Inches. */
  @NumberField({ greaterThan: 0, max: LIMITS.freightDimension })
  height!: number;

  /** Pounds. */
  @NumberField({ greaterThan: 0, max: LIMITS.freightWeight })
  weight!: number;

  @StringField()
  description!: string;

  /** Commodity value; required when the order has insurance (a rule of the order). */
  @NumberField({ presence: 'optional', min: 0, max: LIMITS.amount })
  price?: number | null;

  @BooleanField({ presence: 'defaulted' })
  is_hazmat = false;

  @ObjectField(() => HazmatDetail, {
    presence: (item) => (item.is_hazmat === true ? 'required' : 'optional'),
    requiredMessage: 'The :attribute field is required when :sibling(is_hazmat) is true.',
  })
  hazmat_detail?: HazmatDetail | null;

  @BooleanField({ presence: 'defaulted' })
  is_used_items = false;

  @BooleanField({ presence: 'defaulted' })
  is_stackable = false;

  /** `auto`: the class is calculated from the item. */
  @InField({ test: isFreightClass, codes: FREIGHT_CLASSES }, { presence: 'defaulted' })
  freight_class: string = DEFAULT_FREIGHT_CLASS;

  /** Holds the PO number of the shipment. */
  @StringField({ presence: 'optional' })
  sku?: string | null;
}
