import { InField, StringField } from '../../validation';
import type { Owner } from '../../validation';

const permitOnly = (owner: Owner) => (owner['payment_account_type'] === 'PERMIT' ? 'required' : 'prohibited');

/**
 * A USPS integration's credentials (USPS Developer Portal and Business Customer Gateway). Messages
 * name the field, never its value: these are secrets.
 */
export class UspsCredentialsRequest {
  /** The app's Consumer Key. */
  @StringField({ max: 128 })
  client_id!: string;

  /** The app's Consumer Secret. */
  @StringField({ max: 128 })
  client_secret!: string;

  /** Customer Registration ID. */
  @StringField({ max: 16 })
  crid!: string;

  /** Mailer ID the labels are printed with. */
  @StringField({ max: 16 })
  mid!: string;

  /** Mailer ID of the manifests (SCAN forms). */
  @StringField({ max: 16 })
  manifest_mid!: string;

  @InField(['EPS', 'PERMIT'])
  payment_account_type!: 'EPS' | 'PERMIT';

  /** The Enterprise Payment System account number, or the permit number. */
  @StringField({ max: 32 })
  payment_account_number!: string;

  /** The permit's ZIP Code, which USPS's payment authorization asks with a permit; only with PERMIT. */
  @StringField({
    max: 10,
    presence: permitOnly,
    condition: 'Required when `payment_account_type` is PERMIT; refused otherwise.',
  })
  permit_zip?: string;
}

/** A UPS integration's credentials (UPS Developer Portal app and the shipper account). */
export class UpsCredentialsRequest {
  @StringField({ max: 128 })
  client_id!: string;

  @StringField({ max: 128 })
  client_secret!: string;

  /** The UPS shipper (account) number, 6 characters. */
  @StringField({ max: 16 })
  account_number!: string;
}

export type CarrierCredentials = UspsCredentialsRequest | UpsCredentialsRequest;

/** The credentials' request class of each carrier that takes them (an own integration's account). */
export const CREDENTIALS_BY_CARRIER: Readonly<Record<string, new () => CarrierCredentials>> = {
  usps: UspsCredentialsRequest,
  ups: UpsCredentialsRequest,
};
