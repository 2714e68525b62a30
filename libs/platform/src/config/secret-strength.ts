/**
 * What an ADMIN_API_KEY may be: 16 to 256 characters of base64 (with its `=` padding), base64url,
 * hex, or A-Z, a-z, 0-9 and -._~+/ (what `openssl rand -base64 32` and `-hex 32` print).
 */
export const ADMIN_API_KEY_PATTERN = /^[A-Za-z0-9\-._~+/]{16,256}={0,2}$/;
export const ADMIN_API_KEY_FORM =
  '16 to 256 characters of A-Z, a-z, 0-9 and -._~+/, with = as base64 padding at the end (openssl rand -base64 32 or -hex 32)';

/** The fewest bits production mode accepts in a key that opens the admin API. */
export const MIN_SECRET_BITS = 128;

const ALPHABETS: readonly { pattern: RegExp; bitsPerCharacter: number }[] = [
  { pattern: /^[0-9a-fA-F]+$/, bitsPerCharacter: 4 },
  { pattern: /^[A-Za-z0-9+/]+$/, bitsPerCharacter: 6 },
  { pattern: /^[A-Za-z0-9_-]+$/, bitsPerCharacter: 6 },
];
const ANY_KEY_CHARACTER = Math.log2(66);

/**
 * The most a secret can hold, counted as if each character were drawn at random from the smallest
 * alphabet it fits: 4 bits a hex character, 6 a base64 one, padding nothing. A word or a repeat
 * holds far less; this only refuses what is too short to be strong whatever it is.
 */
export function secretBits(secret: string): number {
  const characters = secret.replace(/=+$/, '');
  const alphabet = ALPHABETS.find(({ pattern }) => pattern.test(characters));
  return Math.floor(characters.length * (alphabet?.bitsPerCharacter ?? ANY_KEY_CHARACTER));
}
