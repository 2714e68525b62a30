import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

/** An Ed25519 key pair from its 32-byte seed, named by an id the checkpoints it signs record. */
export interface AuditSigningKey {
  id: string;
  privateKey: KeyObject;
  /** The raw 32-byte public key, base64: what `GET /audit/keys` publishes. */
  publicKey: string;
}

/** A public key an auditor checks signatures with. */
export interface AuditPublicKey {
  id: string;
  publicKey: string;
}

/** PKCS #8 DER of an Ed25519 private key, less its last 32 bytes (the seed): RFC 8410. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** SubjectPublicKeyInfo DER of an Ed25519 public key, less its last 32 bytes. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function auditSigningKey(id: string, seed: Buffer): AuditSigningKey {
  if (seed.length !== 32) throw new RangeError(`Audit signing key "${id}" is ${seed.length} bytes, not 32`);
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return { id, privateKey, publicKey: spki.subarray(SPKI_PREFIX.length).toString('base64') };
}

/** Ed25519 signature of the UTF-8 text, base64. */
export function signText(text: string, key: AuditSigningKey): string {
  return sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64');
}

export function verifyText(text: string, signature: string, key: AuditPublicKey): boolean {
  const publicKey = createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, Buffer.from(key.publicKey, 'base64')]),
    format: 'der',
    type: 'spki',
  });
  return verify(null, Buffer.from(text, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
}
