/** The account directory, owned by the order app and asked by others over the transport. */
export const AccountPatterns = {
  listShippers: 'account.shippers.list',
  listAddresses: 'account.addresses.list',
  getAddress: 'account.addresses.get',
  addAddress: 'account.addresses.add',
  getPreferences: 'account.preferences.get',
} as const;

export interface AccountPreferences {
  weight_unit: 'LBS' | 'KG';
  length_unit: 'IN' | 'CM';
}

export interface AccountAddress {
  id: number;
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
  is_residential: boolean;
}

export interface ShipperRecord {
  id: number;
  hash_id: string;
  name: string;
  carrier: string;
  integration: 'own' | 'platform';
  batch_eligible: boolean;
  instant_ship_eligible: boolean;
}
