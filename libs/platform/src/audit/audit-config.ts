import { auditSigningKey, type AuditSigningKey } from '@shipping/event-store';
import type { Env } from '../config/app-environment';
import { SANDBOX_AUDIT_SIGNING_KEYS } from '../config/sandbox-defaults';
import { readSecretKeys } from '../secrets/secret-keys';

export interface AuditConfig {
  /** The first signs new checkpoints; the others stay published so the checkpoints they signed verify. */
  keys: AuditSigningKey[];
  intervalMs: number;
  /** Events one checkpoint covers at most. */
  maxEvents: number;
}

/** Overrides the environment's audit configuration where a spec provides it. */
export const AUDIT_CONFIG = Symbol('AUDIT_CONFIG');

/**
 * AUDIT_SIGNING_KEYS: `<id>:<32-byte Ed25519 seed in base64>` entries (`openssl rand -base64 32`),
 * the first signing; unset, the sandbox key, which production mode refuses.
 * AUDIT_CHECKPOINT_INTERVAL_SECONDS (60) and AUDIT_CHECKPOINT_EVENTS (10,000).
 */
export function readAuditConfig(env: Env = process.env): AuditConfig {
  const text = env['AUDIT_SIGNING_KEYS']?.trim() || SANDBOX_AUDIT_SIGNING_KEYS;
  return {
    keys: readSecretKeys('AUDIT_SIGNING_KEYS', text).map(({ id, key }) => auditSigningKey(id, key)),
    intervalMs: positiveInteger(env, 'AUDIT_CHECKPOINT_INTERVAL_SECONDS', 60) * 1000,
    maxEvents: positiveInteger(env, 'AUDIT_CHECKPOINT_EVENTS', 10_000),
  };
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1)
    throw new Error(
      `Invalid environment variable ${name}=${JSON.stringify(text)}: expected an integer of at least 1.`,
    );
  return value;
}
