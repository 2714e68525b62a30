import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** One AES-256 key of WEBHOOK_SECRET_KEYS: its id travels with every secret sealed under it. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

const FORMAT = 'v1';
const IV_BYTES = 12;

export class UnknownSecretKey extends Error {
  constructor(readonly keyId: string) {
    super(`a webhook secret is sealed with key "${keyId}", which WEBHOOK_SECRET_KEYS does not hold`);
    this.name = 'UnknownSecretKey';
  }
}

/**
 * Webhook signing secrets at rest: AES-256-GCM under the first key of WEBHOOK_SECRET_KEYS, stored
 * as `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url). Every listed key opens what it sealed, so
 * a new key can be put first while secrets sealed under the old one still sign. The context
 * (the endpoint) is authenticated too, so a sealed secret copied to another row does not open.
 */
export class SecretBox {
  private readonly keys: ReadonlyMap<string, Buffer>;

  constructor(private readonly ordered: readonly SecretKey[]) {
    if (ordered.length === 0) throw new Error('SecretBox needs at least one key');
    this.keys = new Map(ordered.map(({ id, key }) => [id, key]));
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
    if (!isSealed(stored)) return stored;
    const [, id, iv, tag, sealed] = stored.split('.');
    const key = this.keys.get(id);
    if (!key) throw new UnknownSecretKey(id);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      .setAAD(Buffer.from(context, 'utf8'))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Sealed under the current key: nothing to rewrap. */
  isCurrent(stored: string): boolean {
    return isSealed(stored) && stored.split('.')[1] === this.currentKeyId;
  }
}

/** Secrets written before encryption at rest are plain `whsec_...` strings. */
const isSealed = (stored: string) => stored.startsWith(`${FORMAT}.`) && stored.split('.').length === 5;

/** The context a secret is sealed in: its endpoint. */
export const endpointContext = (endpointId: number | string) => `webhook_endpoints:${endpointId}`;
