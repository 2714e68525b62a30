/** The account directory, owned by the order app and asked by others over the transport. */
export const AccountPatterns = {
  listShippers: 'account.shippers.list',
  listAddresses: 'account.addresses.list',
  getAddress: 'account.addresses.get',
  addAddress: 'account.addresses.add',
  getPreferences: 'account.preferences.get',
  open: 'account.open',
  get: 'account.get',
  list: 'account.list',
  addShipper: 'account.shippers.add',
  /** Records that a shipper's carrier credentials were set or replaced (the label app keeps them). */
  recordShipperCredentials: 'account.shippers.credentials.recorded',
} as const;

/** An account as the admin API and `GET /account` show it (the balance comes from the ledger). */
export interface AccountRecord {
  id: string;
  name: string;
  weight_unit: 'LBS' | 'KG';
  length_unit: 'IN' | 'CM';
  created_at: string;
}

export interface AccountPreferences {
  weight_unit: 'LBS' | 'KG';
  length_unit: 'IN' | 'CM';
}

/** The postal lines of an address as the interface names them; unset lines absent or null. */
export interface PostalAddress {
  name: string;
  attention?: string | null;
  street_1: string;
  street_2?: string | null;
  street_3?: string | null;
  city: string;
  zip: string;
  state?: string | null;
  country: string;
  telephone: string;
  email?: string | null;
}

/** A saved address of the account's address book. */
export interface AccountAddress extends PostalAddress {
  id: number;
  is_residential: boolean;
}

/**
 * An address as answers show it: the interface's field order (stored JSON keeps its own) and
 * every line present, unset ones null. `id` is the saved address's, or null for one sent inline.
 */
export function addressView<Id extends number | null>(id: Id, address: Omit<AccountAddress, 'id'>) {
  return {
    id,
    name: address.name,
    attention: address.attention ?? null,
    street_1: address.street_1,
    street_2: address.street_2 ?? null,
    street_3: address.street_3 ?? null,
    city: address.city,
    zip: address.zip,
    state: address.state ?? null,
    country: address.country,
    telephone: address.telephone,
    email: address.email ?? null,
    is_residential: address.is_residential,
  };
}

export interface ShipperRecord {
  id: number;
  hash_id: string;
  name: string;
  carrier: string;
  integration: 'own' | 'platform';
  batch_eligible: boolean;
  instant_ship_eligible: boolean;
  /** Whether the label app holds the shipper's own carrier credentials; they are never shown. */
  has_credentials: boolean;
  credentials_set_at: string | null;
}

export const accountNotFoundMessage = (accountId: string) => `There is no account ${accountId}.`;
export const shipperNotFoundMessage = (accountId: string, shipperId: string | number) =>
  `Account ${accountId} has no shipper ${shipperId}.`;
export const apiKeyNotFoundMessage = (accountId: string, keyId: string) =>
  `Account ${accountId} has no API key ${keyId}.`;
export const noCarrierCredentialsMessage = (shipperId: string | number) =>
  `Shipper ${shipperId} has no carrier credentials.`;
/** A carrier that did not answer a credentials check; the fault names the carrier and what failed. */
export const carrierUnavailableMessage = (fault: string) => `${fault}; try again later.`;
/** The carrier's own words, cleaned of every secret of the credentials. */
export const credentialsRefusedMessage = (carrierMessage: string) =>
  `The carrier refused them: ${carrierMessage}`;
