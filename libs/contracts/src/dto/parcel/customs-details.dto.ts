import { CountryField, InField, StringField } from '../../validation';

export const BILL_TYPES = ['DDU', 'DDP'] as const;
export type BillType = (typeof BILL_TYPES)[number];

export const TAX_ID_TYPES = ['VAT', 'EIN', 'SSN'] as const;
export type TaxIdType = (typeof TAX_ID_TYPES)[number];

export class CustomsDetails {
  @InField(BILL_TYPES, { presence: 'defaulted' })
  bill_type: BillType = 'DDP';

  @InField(TAX_ID_TYPES, { presence: 'optional' })
  tax_id_type: TaxIdType | null = null;

  @StringField({ presence: 'optional' })
  tax_id: string | null = null;

  @CountryField({ presence: 'optional' })
  issuer_country: string | null = null;

  @StringField({ presence: 'optional' })
  aes_itn: string | null = null;
}
