import seed from '../data/sandbox-seed.json';

export interface SeedAddress {
  id: number;
  name: string;
  attention?: string;
  street_1: string;
  street_2?: string;
  street_3?: string;
  city: string;
  zip: string;
  state?: string;
  country: string;
  telephone: string;
  email?: string;
  is_residential: boolean;
}

export interface SeedShipper {
  id: number;
  name: string;
  carrier: string;
  /** `own`: the account's own carrier-account integration; `platform`: the platform's account. */
  integration: 'own' | 'platform';
}

export interface SeedAccount {
  id: string;
  name: string;
  api_key: string;
  credit_cents: number;
  preferences: { weight_unit: 'LBS' | 'KG'; length_unit: 'IN' | 'CM' };
  shippers: SeedShipper[];
  addresses: SeedAddress[];
}

/** The sandbox data the embedded runtime starts with (tests, demos and the README rely on it). */
export const sandboxSeed = seed as { version: number; accounts: SeedAccount[] };
