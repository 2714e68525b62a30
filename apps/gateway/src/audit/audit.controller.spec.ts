import { randomBytes } from 'node:crypto';
import { auditSigningKey, checkpointSigned, signCheckpoint } from '@shipping/event-store';
import { readAuditConfig } from '@shipping/platform/audit';
import { AuditController } from './audit.controller';

const seed = () => randomBytes(32).toString('base64');

describe('GET /audit/keys', () => {
  it('publishes the signing key first and the retired ones after it, each as a raw Ed25519 public key', () => {
    const config = readAuditConfig({ AUDIT_SIGNING_KEYS: `a2:${seed()},a1:${seed()}` });
    const { keys } = new AuditController(config).keys();

    expect(keys).toEqual([
      { key_id: 'a2', algorithm: 'Ed25519', public_key: expect.any(String), signing: true },
      { key_id: 'a1', algorithm: 'Ed25519', public_key: expect.any(String), signing: false },
    ]);
    expect(Buffer.from(keys[0].public_key, 'base64')).toHaveLength(32);
  });

  it('publishes what a checkpoint signed with the configured key verifies with, and no other key does', () => {
    const text = seed();
    const config = readAuditConfig({ AUDIT_SIGNING_KEYS: `a1:${text}` });
    const published = new AuditController(config)
      .keys()
      .keys.map((key) => ({ id: key.key_id, publicKey: key.public_key }));
    const body = {
      sequence: 1,
      position: { commit: 5n, prepare: 9n },
      events: 3n,
      chain: 'c'.repeat(64),
      heads: [],
    };
    const signedBy = (signer: ReturnType<typeof auditSigningKey>) => signCheckpoint(body, signer);

    expect(checkpointSigned(signedBy(auditSigningKey('a1', Buffer.from(text, 'base64'))), published)).toBe(
      true,
    );
    expect(checkpointSigned(signedBy(auditSigningKey('a1', randomBytes(32))), published)).toBe(false);
  });
});
