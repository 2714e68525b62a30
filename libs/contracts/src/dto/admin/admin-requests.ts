import { CARRIER_CODES } from '@shipping/reference-data';
import { parseCents } from '@shipping/contracts-core';
import { BooleanField, InField, StringField } from '../../validation';

/** `POST /admin/accounts`. */
export class CreateAccountRequest {
  @StringField()
  name!: string;

  @InField(['LBS', 'KG'], { presence: 'defaulted' })
  weight_unit: 'LBS' | 'KG' = 'LBS';

  @InField(['IN', 'CM'], { presence: 'defaulted' })
  length_unit: 'IN' | 'CM' = 'IN';
}

/** `POST /admin/accounts/{id}/api-keys`. */
export class CreateApiKeyRequest {
  @InField(['live', 'test'])
  mode!: 'live' | 'test';
}

/** `POST /admin/accounts/{id}/shippers`: a carrier integration of the account. */
export class CreateShipperRequest {
  @InField(CARRIER_CODES)
  carrier!: string;

  /** true: the account's own carrier account; false: the platform's. */
  @BooleanField()
  own_integration!: boolean;

  @StringField()
  name!: string;
}

/** A decimal string of whole cents ("250", "250.5", "250.00") whose value is above zero. */
export function isPositiveAmount(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return parseCents(value) > 0;
  } catch {
    return false;
  }
}

/** `POST /admin/accounts/{id}/credit`. */
export class AddCreditRequest {
  @StringField({
    max: 16,
    checks: [
      {
        name: 'positive_amount',
        test: isPositiveAmount,
        message:
          'The :attribute must be a decimal amount above zero with at most two decimals, such as "250.00".',
      },
    ],
  })
  amount!: string;

  @StringField()
  reference!: string;
}
