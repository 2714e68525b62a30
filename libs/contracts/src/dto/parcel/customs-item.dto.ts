import { CountryField, InField, IntegerField, NumberField, StringField } from '../../validation';
import { LIMITS } from '../limits';

export const CONTENT_TYPES = ['Merchandise', 'Gift', 'Documents', 'Sample'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** One line of a package's customs declaration (items[] of a parcel package). */
export class CustomsItem {
  @IntegerField({ min: 1, max: 1_000_000 })
  quantity!: number;

  @NumberField({ min: 0, max: LIMITS.amount })
  price!: number;

  @CountryField()
  country_of_manufacture!: string;

  @StringField()
  sku!: string;

  @StringField({ max: 32 })
  hs_code!: string;

  @StringField()
  description!: string;

  @InField(CONTENT_TYPES, { presence: 'defaulted' })
  content_type: ContentType = 'Merchandise';
}
