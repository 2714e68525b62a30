import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** One AES-256 key: its id travels with every ciphertext sealed under it. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface SecretBoxOptions {
  /** The variable the keys come from, named in errors. */
  keysName?: string;
  /** What the box holds, as errors name it ("a webhook secret"). */
  secretName?: string;
  /** Text that is not sealed opens as itself (secrets stored before they were sealed). */
  acceptsUnsealed?: boolean;
}

const FORMAT = 'v1';
const IV_BYTES = 12;

export class UnknownSecretKey extends Error {
  constructor(
    readonly keyId: string,
    keysName: string,
    secretName = 'a secret',
  ) {
    super(`${secretName} is sealed with key "${keyId}", which ${keysName} does not hold`);
    this.name = 'UnknownSecretKey';
  }
}

/** Authentication failed: the ciphertext was altered, or sealed for another context. */
export class TamperedSecret extends Error {
  constructor(keyId: string) {
    super(`a secret sealed with key "${keyId}" does not open: altered, or sealed for another context`);
    this.name = 'TamperedSecret';
  }
}

export class NotSealed extends Error {
  constructor() {
    super('expected a sealed secret (v1.<key id>.<iv>.<tag>.<ciphertext>)');
    this.name = 'NotSealed';
  }
}

/**
 * AES-256-GCM under the first of its keys, as `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url).
 * Every key it holds opens what it sealed, so a new key can be put first while what the old one
 * sealed still opens. The context (what the secret belongs to) is authenticated too, so a sealed
 * secret copied to another place does not open there.
 */
export class SecretBox {
  private readonly keys: ReadonlyMap<string, Buffer>;
  private readonly keysName: string;
  private readonly derived = new Map<string, readonly SecretKey[]>();

  constructor(
    private readonly ordered: readonly SecretKey[],
    private readonly options: SecretBoxOptions = {},
  ) {
    if (ordered.length === 0) throw new Error('SecretBox needs at least one key');
    if (ordered.some(({ key }) => key.length !== 32)) throw new Error('SecretBox keys are 32 bytes');
    this.keys = new Map(ordered.map(({ id, key }) => [id, key]));
    this.keysName = options.keysName ?? 'the secret box';
  }

  get currentKeyId(): string {
    return this.ordered[0].id;
  }

  seal(secret: string, context: string): string {
    const { id, key } = this.ordered[0];
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [FORMAT, id, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(stored: string, context: string): string {
    if (!isSealed(stored)) {
      if (this.options.acceptsUnsealed) return stored;
      throw new NotSealed();
    }
    const [, id, iv, tag, sealed] = stored.split('.');
    const key = this.keys.get(id);
    if (!key) throw new UnknownSecretKey(id, this.keysName, this.options.secretName);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        .setAAD(Buffer.from(context, 'utf8'))
        .setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new TamperedSecret(id);
    }
  }

  /**
   * Keyed fingerprints of `text` for `purpose`, one under each key, the current key's first:
   * `<key id>.<HMAC-SHA256, base64url>` under a key derived from the box's key for that purpose
   * (HKDF-SHA256). What a fingerprint is kept for can be compared, while the text (a body holding
   * credentials) cannot be guessed back from it without the key; a fingerprint kept under an older
   * key still matches the list made after the keys rotate.
   */
  fingerprints(text: string, purpose: string): string[] {
    return this.fingerprintKeys(purpose).map(
      ({ id, key }) => `${id}.${createHmac('sha256', key).update(text, 'utf8').digest('base64url')}`,
    );
  }

  /** Each key's key for fingerprints of `purpose`, derived once per purpose. */
  private fingerprintKeys(purpose: string): readonly SecretKey[] {
    let keys = this.derived.get(purpose);
    if (!keys) {
      keys = this.ordered.map(({ id, key }) => ({
        id,
        key: Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `fingerprint:${purpose}`, 32)),
      }));
      this.derived.set(purpose, keys);
    }
    return keys;
  }

  /** Sealed under the current key: nothing to rewrap. */
  isCurrent(stored: string): boolean {
    return isSealed(stored) && stored.split('.')[1] === this.currentKeyId;
  }
}

export const isSealed = (stored: string) => stored.startsWith(`${FORMAT}.`) && stored.split('.').length === 5;
