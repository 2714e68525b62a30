/**
 * SANDBOX_API_KEYS (true by default): whether the sandbox seed's keys (sk_test_acme, sk_test_tiny)
 * open their accounts. Production mode insists on false, since they are public.
 */
export function readSandboxApiKeysSwitch(env: Record<string, string | undefined> = process.env): boolean {
  const value = env['SANDBOX_API_KEYS']?.trim();
  if (value === undefined || value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(
    `Invalid environment variable SANDBOX_API_KEYS=${JSON.stringify(value)}: expected true or false.`,
  );
}
