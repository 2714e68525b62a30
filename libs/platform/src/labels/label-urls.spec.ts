import { createHmac } from 'node:crypto';
import {
  DEFAULT_LABEL_URL_TTL_SECONDS,
  labelUrl,
  readLabelUrlConfig,
  SANDBOX_LABEL_URL_SECRET,
  signLabelPath,
  verifyLabelSignature,
} from './label-urls';

const SECRET = 'a-test-secret-of-some-length';
const KEY = 'batches/B7x/labels-1.pdf';
const NOW = 1_900_000_000;

describe('signed label URLs', () => {
  it('signs "<key>\\n<expires>" with HMAC-SHA256 in hex', () => {
    const expected = createHmac('sha256', SECRET)
      .update(`${KEY}\n${NOW + 60}`)
      .digest('hex');
    expect(signLabelPath(KEY, NOW + 60, SECRET)).toEqual({ expires: String(NOW + 60), signature: expected });
  });

  it('accepts its own signature until the expiry, then calls it expired', () => {
    const { expires, signature } = signLabelPath(KEY, NOW + 60, SECRET);
    expect(verifyLabelSignature(KEY, expires, signature, SECRET, NOW)).toBe('valid');
    expect(verifyLabelSignature(KEY, expires, signature, SECRET, NOW + 60)).toBe('valid');
    expect(verifyLabelSignature(KEY, expires, signature, SECRET, NOW + 61)).toBe('expired');
  });

  describe('refuses a tampered link', () => {
    const { expires, signature } = signLabelPath(KEY, NOW + 60, SECRET);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;

    it.each([
      ['another key', 'batches/B7x/labels-2.pdf', expires, signature, SECRET],
      ['a later expiry', KEY, String(NOW + 3600), signature, SECRET],
      ['a changed signature', KEY, expires, flipped, SECRET],
      ['upper-case hex', KEY, expires, signature.toUpperCase(), SECRET],
      ['a truncated signature', KEY, expires, signature.slice(0, 32), SECRET],
      ['another secret', KEY, expires, signature, `${SECRET}-rotated`],
      ['no signature', KEY, expires, undefined, SECRET],
      ['a repeated query parameter', KEY, expires, [signature, signature], SECRET],
      ['a non-numeric expiry', KEY, `${expires}.0`, signature, SECRET],
    ])('%s', (_case, key, givenExpires, givenSignature, secret) => {
      expect(verifyLabelSignature(key, givenExpires, givenSignature, secret, NOW)).toBe('invalid');
    });

    it('an expired link with a tampered signature is invalid, not expired', () => {
      expect(verifyLabelSignature(KEY, expires, flipped, SECRET, NOW + 3600)).toBe('invalid');
    });
  });

  it('builds a full URL whose query verifies for its key', () => {
    const url = new URL(labelUrl('http://127.0.0.1:3000/', KEY, SECRET, 600, NOW));
    expect(url.origin + url.pathname).toBe(`http://127.0.0.1:3000/labels/${KEY}`);
    expect(url.searchParams.get('expires')).toBe(String(NOW + 600));
    const check = verifyLabelSignature(
      KEY,
      url.searchParams.get('expires'),
      url.searchParams.get('signature'),
      SECRET,
      NOW + 599,
    );
    expect(check).toBe('valid');
  });

  describe('configuration', () => {
    it('defaults to the sandbox secret and seven days', () => {
      expect(readLabelUrlConfig({})).toEqual({
        secret: SANDBOX_LABEL_URL_SECRET,
        ttlSeconds: DEFAULT_LABEL_URL_TTL_SECONDS,
      });
      expect(DEFAULT_LABEL_URL_TTL_SECONDS).toBe(604_800);
    });

    it('reads LABEL_URL_SECRET and LABEL_URL_TTL_SECONDS', () => {
      expect(readLabelUrlConfig({ LABEL_URL_SECRET: SECRET, LABEL_URL_TTL_SECONDS: '3600' })).toEqual({
        secret: SECRET,
        ttlSeconds: 3600,
      });
    });

    it.each([
      [{ LABEL_URL_TTL_SECONDS: '0' }, /LABEL_URL_TTL_SECONDS/],
      [{ LABEL_URL_TTL_SECONDS: '1h' }, /LABEL_URL_TTL_SECONDS/],
      [{ LABEL_URL_SECRET: 'short' }, /LABEL_URL_SECRET/],
    ])('refuses %p by name', (env, message) => {
      expect(() => readLabelUrlConfig(env)).toThrow(message);
    });
  });
});
