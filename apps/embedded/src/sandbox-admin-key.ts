import { type Env, SANDBOX_ADMIN_API_KEY } from '@shipping/platform/config';

export const SANDBOX_ADMIN_KEY_WARNING = `ADMIN_API_KEY is the built-in sandbox key (${SANDBOX_ADMIN_API_KEY}): anyone who can reach /admin can create accounts, keys and credit. Set ADMIN_API_KEY to a secret of your own.`;

/**
 * The embedded runtime opens the admin API with the sandbox admin key when ADMIN_API_KEY is unset,
 * so a newcomer can onboard an account with the README alone. True when the key in force is the
 * sandbox one (production mode refuses it).
 */
export function useSandboxAdminKeyIfUnset(env: Env): boolean {
  if (!env['ADMIN_API_KEY']?.trim()) env['ADMIN_API_KEY'] = SANDBOX_ADMIN_API_KEY;
  return env['ADMIN_API_KEY'].trim() === SANDBOX_ADMIN_API_KEY;
}
