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

/**
 * SANDBOX_API_KEYS (true by default): whether the sandbox keys above open their accounts. Production
 * mode insists on false, since they are public.
 */
export function readSandboxApiKeysSwitch(env: Record<string, string | undefined> = process.env): boolean {
  const value = env['SANDBOX_API_KEYS']?.trim();
  if (value === undefined || value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(
    `Invalid environment variable SANDBOX_API_KEYS=${JSON.stringify(value)}: expected true or false.`,
  );
}
