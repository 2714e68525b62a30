export interface ApiKeyEntry {
  apiKey: string;
  accountId: string;
  name: string;
}

/** The sandbox seed's API keys (see the architecture's "Sandbox seed"). */
export const SANDBOX_API_KEYS: readonly ApiKeyEntry[] = [
  { apiKey: 'sk_test_acme', accountId: 'acct_acme', name: 'Acme' },
  { apiKey: 'sk_test_tiny', accountId: 'acct_tiny', name: 'Tiny' },
];
