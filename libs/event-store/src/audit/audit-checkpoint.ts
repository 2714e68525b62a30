import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';
import type { Position, RecordedEvent } from '../event-store';
import { type AuditPublicKey, type AuditSigningKey, signText, verifyText } from './signing-keys';

/** The chain of $all before its first event. */
export const ALL_CHAIN_START = '0'.repeat(64);

/** The chain of $all one event further: SHA-256 hex of the chain so far and the event's hash, as text. */
export function extendAllChain(chain: string, eventHash: string): string {
  return createHash('sha256')
    .update(chain + eventHash, 'utf8')
    .digest('hex');
}

/** Where a stream stood at a checkpoint: its last event up to the checkpoint's position. */
export interface StreamHead {
  stream: string;
  revision: bigint;
  hash: string;
}

/** What a checkpoint signs. */
export interface CheckpointBody {
  /** 1, 2, 3...: each checkpoint follows the one before it. */
  sequence: number;
  /** The last event of $all it covers. */
  position: Position;
  /** Events in $all up to `position`. */
  events: bigint;
  /** The chain of $all up to `position` (extendAllChain over every event's hash). */
  chain: string;
  /** The heads of the streams written since the previous checkpoint, by stream name. */
  heads: StreamHead[];
}

export interface AuditCheckpoint extends CheckpointBody {
  keyId: string;
  /** Ed25519 over checkpointText, base64. */
  signature: string;
  createdAt?: Date;
}

/** The RFC 8785 text a checkpoint's signature covers; 64-bit values as decimal strings. */
export function checkpointText(body: CheckpointBody, keyId: string): string {
  return canonicalJson({
    sequence: body.sequence,
    position: { commit: body.position.commit.toString(), prepare: body.position.prepare.toString() },
    events: body.events.toString(),
    chain: body.chain,
    heads: body.heads.map((head) => ({
      stream: head.stream,
      revision: head.revision.toString(),
      hash: head.hash,
    })),
    keyId,
  }) as string;
}

export function signCheckpoint(body: CheckpointBody, key: AuditSigningKey): AuditCheckpoint {
  return { ...body, keyId: key.id, signature: signText(checkpointText(body, key.id), key) };
}

/** Whether one of `keys`, the one the checkpoint names, signed exactly this checkpoint. */
export function checkpointSigned(checkpoint: AuditCheckpoint, keys: readonly AuditPublicKey[]): boolean {
  const key = keys.find((known) => known.id === checkpoint.keyId);
  return (
    key !== undefined && verifyText(checkpointText(checkpoint, checkpoint.keyId), checkpoint.signature, key)
  );
}

/** The checkpoint after `previous` over `events`, the next events of $all in order (at least one). */
export function nextCheckpointBody(
  previous: CheckpointBody | undefined,
  events: readonly RecordedEvent[],
  hashOf: (event: RecordedEvent) => string,
): CheckpointBody {
  let chain = previous?.chain ?? ALL_CHAIN_START;
  const heads = new Map<string, StreamHead>();
  for (const event of events) {
    const hash = hashOf(event);
    chain = extendAllChain(chain, hash);
    heads.set(event.streamName, { stream: event.streamName, revision: event.revision, hash });
  }
  const last = events[events.length - 1];
  return {
    sequence: (previous?.sequence ?? 0) + 1,
    position: last.position,
    events: (previous?.events ?? 0n) + BigInt(events.length),
    chain,
    heads: [...heads.values()].sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0)),
  };
}
