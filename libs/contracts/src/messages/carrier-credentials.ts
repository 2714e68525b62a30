/**
 * A shipper's carrier credentials, kept by the label app only. They travel to it sealed with the
 * message secret box (MESSAGE_SECRET_KEYS) and never come back: replies say only what was done.
 */
export const CarrierCredentialPatterns = {
  /** Stores (or replaces) a shipper's credentials: `CarrierCredentialsSet`. */
  set: 'label.credentials.set',
  /** Asks the carrier for a token with the stored credentials: `CarrierCredentialsVerified`. */
  verify: 'label.credentials.verify',
  /** Reseals every stored record under the newest CARRIER_CREDENTIAL_KEYS key. */
  reseal: 'label.credentials.reseal',
} as const;

export interface CarrierCredentialsSet {
  shipper_id: number;
  carrier: string;
  /** JSON of the validated credentials, sealed in `carrierCredentialsContext`. */
  sealed_credentials: string;
}

export interface CarrierCredentialsVerify {
  shipper_id: number;
}

export interface CarrierCredentialsStored {
  shipper_id: number;
  carrier: string;
  set_at: string;
}

/** The carrier's answer, cleaned of every secret of the credentials. */
export type CarrierCredentialsVerified = { verified: true } | { verified: false; carrier_message: string };

export interface CarrierCredentialsResealed {
  resealed: number;
  key_id: string;
}

/** What a shipper's sealed credentials are bound to in a message: they open for this account and shipper only. */
export const carrierCredentialsContext = (accountId: string, shipperId: number) =>
  `label.credentials:${accountId}:${shipperId}`;
