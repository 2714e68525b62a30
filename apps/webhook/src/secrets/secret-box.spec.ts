import { randomBytes } from 'node:crypto';
import { UnknownSecretKey, webhookSecretBox } from './secret-box';
import { holdsSandboxWebhookKey, SANDBOX_WEBHOOK_SECRET_KEYS } from '@shipping/platform/config';
import { parseSecretKeys } from './secret-keys';

const key = (id: string) => ({ id, key: randomBytes(32) });

describe('webhook secrets at rest', () => {
  const old = key('2024');
  const fresh = key('2025');

  it('seals with AES-256-GCM under the first key, naming it, and never shows the secret', () => {
    const sealed = webhookSecretBox([old]).seal('whsec_abc', 'webhook_endpoints:1');
    expect(sealed).toMatch(/^v1\.2024\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('whsec_abc');
    expect(webhookSecretBox([old]).open(sealed, 'webhook_endpoints:1')).toBe('whsec_abc');
  });

  it('opens a secret sealed under an old key once a new key is put first, and seals new ones under the new key', () => {
    const sealedUnderOld = webhookSecretBox([old]).seal('whsec_old', 'webhook_endpoints:7');
    const rotated = webhookSecretBox([fresh, old]);
    expect(rotated.open(sealedUnderOld, 'webhook_endpoints:7')).toBe('whsec_old');
    expect(rotated.isCurrent(sealedUnderOld)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('whsec_new', 'webhook_endpoints:8'))).toBe(true);
  });

  it('refuses a key it lacks, another endpoint’s context and a tampered secret', () => {
    const sealed = webhookSecretBox([old]).seal('whsec_abc', 'webhook_endpoints:1');
    expect(() => webhookSecretBox([fresh]).open(sealed, 'webhook_endpoints:1')).toThrow(UnknownSecretKey);
    expect(() => webhookSecretBox([old]).open(sealed, 'webhook_endpoints:2')).toThrow();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('whsec_xyz').toString('base64url');
    expect(() => webhookSecretBox([old]).open(parts.join('.'), 'webhook_endpoints:1')).toThrow();
  });

  it('reads secrets stored before sealing as they are', () => {
    expect(webhookSecretBox([old]).open('whsec_plain', 'webhook_endpoints:1')).toBe('whsec_plain');
  });

  it('reads WEBHOOK_SECRET_KEYS as id:base64 entries of 32-byte keys, and knows the sandbox key', () => {
    const a = randomBytes(32).toString('base64');
    expect(parseSecretKeys(`new:${a}, old:${randomBytes(32).toString('base64')}`)).toHaveLength(2);
    expect(parseSecretKeys(`k:${randomBytes(16).toString('base64')}`)).toMatch(/16 bytes, not 32/);
    expect(parseSecretKeys(a)).toMatch(/not <id>:<key>/);
    expect(parseSecretKeys(`k:${a},k:${a}`)).toMatch(/appears twice/);
    expect(holdsSandboxWebhookKey(SANDBOX_WEBHOOK_SECRET_KEYS)).toBe(true);
    expect(
      holdsSandboxWebhookKey(`mine:${a},${SANDBOX_WEBHOOK_SECRET_KEYS.replace('sandbox', 'renamed')}`),
    ).toBe(true);
    expect(holdsSandboxWebhookKey(`mine:${a}`)).toBe(false);
  });
});
