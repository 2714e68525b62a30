import { checkEnvironment, ConfigurationError, SANDBOX_ADMIN_API_KEY } from '@shipping/platform/config';
import { REPO_ROOT } from '@shipping/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMBEDDED_ENVIRONMENT } from './embedded-environment';
import { useSandboxAdminKeyIfUnset } from './sandbox-admin-key';

describe('the embedded runtime and ADMIN_API_KEY', () => {
  it('opens the admin API with the sandbox admin key when none is set, and says so', () => {
    const env: Record<string, string | undefined> = {};
    expect(useSandboxAdminKeyIfUnset(env)).toBe(true);
    expect(env['ADMIN_API_KEY']).toBe(SANDBOX_ADMIN_API_KEY);
  });

  it('is the key the admin CLI uses when ADMIN_API_KEY is unset', () => {
    const cli = readFileSync(join(REPO_ROOT, 'tools/admin/admin-commands.ts'), 'utf8');
    expect(cli).toContain(`EMBEDDED_SANDBOX_ADMIN_KEY = '${SANDBOX_ADMIN_API_KEY}'`);
  });

  it('keeps a key of its own', () => {
    const env: Record<string, string | undefined> = { ADMIN_API_KEY: 'my-own-admin-key-0123456789' };
    expect(useSandboxAdminKeyIfUnset(env)).toBe(false);
    expect(env['ADMIN_API_KEY']).toBe('my-own-admin-key-0123456789');
  });

  it('will not start in production mode on the sandbox admin key, set or defaulted', () => {
    const env: Record<string, string | undefined> = { SHIPPING_MODE: 'production' };
    useSandboxAdminKeyIfUnset(env);
    let refusal: unknown;
    try {
      checkEnvironment(EMBEDDED_ENVIRONMENT, env);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConfigurationError);
    expect((refusal as ConfigurationError).message).toContain(
      'ADMIN_API_KEY: the built-in sandbox admin key or a placeholder',
    );
  });
});
