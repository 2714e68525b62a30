import type { SecretKey } from './secret-box';

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * `<id>:<32 bytes in base64>` entries separated by commas; the first seals, every one opens what
 * it sealed (`openssl rand -base64 32` makes a key). A string says what is wrong, without the keys.
 */
export function parseSecretKeys(text: string): SecretKey[] | string {
  const keys: SecretKey[] = [];
  for (const entry of text.split(',').map((part) => part.trim())) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (colon < 1 || !KEY_ID.test(id))
      return `an entry is not <id>:<key> with an id of letters, digits, - or _`;
    if (key.length !== 32) return `key "${id}" is ${key.length} bytes, not 32 (base64 of 32 random bytes)`;
    if (keys.some((known) => known.id === id)) return `key id "${id}" appears twice`;
    keys.push({ id, key });
  }
  return keys;
}

/** The keys of variable `name`, or an Error naming it and what is wrong (never a key). */
export function readSecretKeys(name: string, text: string): SecretKey[] {
  const keys = parseSecretKeys(text);
  if (typeof keys === 'string')
    throw new Error(
      `Invalid environment variable ${name}: ${keys}; expected <id>:<base64 key>[,<id>:<base64 key>...].`,
    );
  return keys;
}
