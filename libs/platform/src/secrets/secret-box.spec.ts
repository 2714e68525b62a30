import { createHash, randomBytes } from 'node:crypto';
import { NotSealed, SecretBox, TamperedSecret, UnknownSecretKey } from './secret-box';
import { readSecretKeys } from './secret-keys';

const key = (id: string) => ({ id, key: randomBytes(32) });

describe('the secret box', () => {
  const old = key('2025');
  const fresh = key('2026');

  it('seals with AES-256-GCM under its first key, naming the key, and opens in the same context', () => {
    const box = new SecretBox([old]);
    const sealed = box.seal('s3cret-value', 'replies:acct-1:7');
    expect(sealed).toMatch(/^v1\.2025\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('s3cret-value');
    expect(box.seal('s3cret-value', 'replies:acct-1:7')).not.toBe(sealed);
    expect(box.open(sealed, 'replies:acct-1:7')).toBe('s3cret-value');
  });

  it('rotates: a new key put first seals, the old one still opens what it sealed', () => {
    const sealedUnderOld = new SecretBox([old]).seal('before', 'c');
    const rotated = new SecretBox([fresh, old]);
    expect(rotated.open(sealedUnderOld, 'c')).toBe('before');
    expect(rotated.isCurrent(sealedUnderOld)).toBe(false);
    expect(rotated.seal('after', 'c')).toMatch(/^v1\.2026\./);
  });

  it('fingerprints text under each key, the current first: stable, keyed, per purpose, and never the text or its plain hash', () => {
    const body = '{"credentials":{"password":"hunter2"}}';
    const [current, older] = new SecretBox([fresh, old]).fingerprints(body, 'requests');
    expect(current).toMatch(/^2026\.[\w-]{43}$/);
    expect(older).toMatch(/^2025\.[\w-]{43}$/);
    expect(new SecretBox([fresh]).fingerprints(body, 'requests')).toEqual([current]);
    expect(new SecretBox([old]).fingerprints(body, 'requests')).toEqual([older]);
    expect(new SecretBox([fresh]).fingerprints(body.replace('hunter2', 'hunter3'), 'requests')[0]).not.toBe(
      current,
    );
    expect(new SecretBox([fresh]).fingerprints(body, 'other purpose')[0]).not.toBe(current);
    expect(new SecretBox([{ id: '2026', key: randomBytes(32) }]).fingerprints(body, 'requests')[0]).not.toBe(
      current,
    );
    const plainHashes = ['hex', 'base64url'].map((encoding) =>
      createHash('sha256')
        .update(body)
        .digest(encoding as 'hex' | 'base64url'),
    );
    for (const fingerprint of [current, older]) {
      expect(fingerprint).not.toContain('hunter2');
      for (const plain of plainHashes) expect(fingerprint).not.toContain(plain);
    }
  });

  it('names an unknown key id, and refuses a tampered ciphertext or another context with a clear error', () => {
    const sealed = new SecretBox([old]).seal('s3cret-value', 'c:1');
    expect(() => new SecretBox([fresh], { keysName: 'MESSAGE_SECRET_KEYS' }).open(sealed, 'c:1')).toThrow(
      new UnknownSecretKey('2025', 'MESSAGE_SECRET_KEYS'),
    );
    expect(() => new SecretBox([old]).open(sealed, 'c:2')).toThrow(TamperedSecret);
    const parts = sealed.split('.');
    parts[4] = Buffer.from('another-value').toString('base64url');
    expect(() => new SecretBox([old]).open(parts.join('.'), 'c:1')).toThrow(TamperedSecret);
    parts[4] = sealed.split('.')[4];
    parts[3] = randomBytes(16).toString('base64url');
    expect(() => new SecretBox([old]).open(parts.join('.'), 'c:1')).toThrow(
      /does not open: altered, or sealed for another context/,
    );
  });

  it('refuses text that is not sealed, unless told it may be (secrets stored before sealing)', () => {
    expect(() => new SecretBox([old]).open('plain', 'c')).toThrow(NotSealed);
    expect(new SecretBox([old], { acceptsUnsealed: true }).open('plain', 'c')).toBe('plain');
  });

  it('reads keys from a variable, naming it and never echoing a key', () => {
    const a = randomBytes(32).toString('base64');
    expect(readSecretKeys('K', `new:${a}, old:${randomBytes(32).toString('base64')}`)).toHaveLength(2);
    expect(() => readSecretKeys('K', a)).toThrow(
      /^Invalid environment variable K: an entry is not <id>:<key>/,
    );
    try {
      readSecretKeys('K', a.slice(0, 20));
    } catch (error) {
      expect((error as Error).message).not.toContain(a.slice(0, 8));
    }
    expect(() => readSecretKeys('K', `k:${randomBytes(16).toString('base64')}`)).toThrow(/16 bytes, not 32/);
  });
});
