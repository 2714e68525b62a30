import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../event-store';
import { type AuditCheckpoint, checkpointText } from './audit-checkpoint';
import type { AuditPublicKey } from './signing-keys';

/** What an auditor asked for: one account's streams (or one of them), events written in [from, to]. */
export interface AuditExportQuery {
  account: string;
  /**
   * Only the streams of this key mode, and the account's own configuration (its record and its
   * keys), which both modes share (decision 101): what a merchant's key may see.
   */
  mode?: 'test' | 'live';
  stream?: string;
  from?: Date;
  to?: Date;
}

export const AUDIT_BUNDLE_FORMAT = 'shipping-audit-bundle';

/** The streams an account's changes are kept in, whatever their events' metadata say (stream-history.ts). */
const ACCOUNT_STREAM_PREFIXES = ['account-', 'api-keys-', 'ledger-', 'ledger-live-'];

/** The account's configuration: shared by both key modes. */
const SHARED_STREAM_PREFIXES = ['account-', 'api-keys-'];

/**
 * The key mode of a stream from its first event: the mode that event records (a drafted order,
 * InstantShipRequested, BatchCreated, a scheduled pickup), else the ledger its name names, else
 * test, as everything was before keys had modes (decision 108).
 */
function streamMode(first: RecordedEvent): 'test' | 'live' {
  const recorded = (first.data as { key_mode?: unknown } | null)?.key_mode;
  if (recorded === 'test' || recorded === 'live') return recorded;
  return first.streamName.startsWith('ledger-live-') ? 'live' : 'test';
}

const positionJson = (position: Position) => ({
  commit: position.commit.toString(),
  prepare: position.prepare.toString(),
});

/** The stored event, CloudEvents-shaped as published, with every field its hash covers, as stored. */
export function bundleEvent(event: RecordedEvent): Record<string, unknown> {
  const context = event.streamName.split('-')[0];
  return {
    record: 'event',
    specversion: '1.0',
    id: event.id,
    source: `/shipping/${context}`,
    type: `com.shipping.${context}.${event.type}.v${event.version}`,
    subject: event.streamName,
    time: event.createdAt.toISOString(),
    datacontenttype: 'application/json',
    stream: event.streamName,
    revision: event.revision.toString(),
    position: positionJson(event.position),
    eventtype: event.type,
    version: event.version,
    metadata: event.metadata,
    data: event.data ?? null,
    hash: event.hash ?? null,
  };
}

/** A checkpoint as it was signed: `signed` is the object whose RFC 8785 text the signature covers. */
export function bundleCheckpoint(checkpoint: AuditCheckpoint): Record<string, unknown> {
  return {
    record: 'checkpoint',
    signed: JSON.parse(checkpointText(checkpoint, checkpoint.keyId)) as unknown,
    signature: checkpoint.signature,
  };
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

/**
 * The audit bundle of an account, line by line (JSON Lines), reading $all once, page by page, so
 * that no more than a page and each stream's last hash is held. In $all order: a `stream` line
 * before a stream's first event (with the hash that event chains to), its `event` lines, and each
 * `checkpoint` line right after the last event it covers; `bundle` and `key` lines open it and an
 * `end` line closes it. A stream is the account's when the first event read of it names the
 * account, or by its name (`account-<id>`...). `store` must be the adapter itself: an upcaster
 * changes data the hashes cover.
 */
export async function* auditBundle(
  store: EventStore,
  checkpoints: readonly AuditCheckpoint[],
  keys: readonly AuditPublicKey[],
  query: AuditExportQuery,
  options: { pageSize?: number; exportedAt?: Date } = {},
): AsyncGenerator<string> {
  yield line({
    record: 'bundle',
    format: AUDIT_BUNDLE_FORMAT,
    version: 1,
    account: query.account,
    stream: query.stream ?? null,
    from: query.from?.toISOString() ?? null,
    to: query.to?.toISOString() ?? null,
    exported_at: (options.exportedAt ?? new Date()).toISOString(),
  });
  for (const key of keys)
    yield line({ record: 'key', key_id: key.id, algorithm: 'Ed25519', public_key: key.publicKey });

  const ownership = new Map<string, boolean>();
  const owned = (event: RecordedEvent) => {
    let mine = ownership.get(event.streamName);
    if (mine === undefined) {
      mine = query.stream === undefined || query.stream === event.streamName;
      mine &&=
        event.metadata.accountId === query.account ||
        ACCOUNT_STREAM_PREFIXES.some((prefix) => event.streamName === `${prefix}${query.account}`);
      mine &&=
        query.mode === undefined ||
        SHARED_STREAM_PREFIXES.some((prefix) => event.streamName === `${prefix}${query.account}`) ||
        streamMode(event) === query.mode;
      ownership.set(event.streamName, mine);
    }
    return mine;
  };
  /** Each owned stream's last event read: the hash the first exported event chains to. */
  const last = new Map<string, { revision: bigint; hash: string | null; exported: boolean }>();
  let next = 0;
  const totals = { events: 0, streams: 0, checkpoints: 0 };
  const checkpointsUpTo = function* (position: Position | undefined) {
    while (
      next < checkpoints.length &&
      (position === undefined || comparePositions(checkpoints[next].position, position) < 0)
    ) {
      const checkpoint = checkpoints[next++];
      if (totals.events === 0) continue;
      totals.checkpoints++;
      yield line(bundleCheckpoint(checkpoint));
    }
  };

  let after: Position | undefined;
  reading: for (;;) {
    const page = await store.readAll({ after, maxCount: options.pageSize ?? 1_000 });
    if (page.length === 0) break;
    for (const event of page) {
      if (query.to !== undefined && event.createdAt > query.to) {
        yield* checkpointsUpTo(event.position);
        next = checkpoints.length;
        break reading;
      }
      yield* checkpointsUpTo(event.position);
      if (!owned(event)) continue;
      const state = last.get(event.streamName) ?? { revision: -1n, hash: null, exported: false };
      if (query.from === undefined || event.createdAt >= query.from) {
        if (!state.exported) {
          totals.streams++;
          yield line({
            record: 'stream',
            stream: event.streamName,
            from_revision: (state.revision + 1n).toString(),
            previous_hash: state.hash,
          });
        }
        totals.events++;
        yield line(bundleEvent(event));
        state.exported = true;
      }
      state.revision = event.revision;
      state.hash = event.hash ?? null;
      last.set(event.streamName, state);
    }
    after = page[page.length - 1].position;
  }
  yield* checkpointsUpTo(undefined);
  yield line({ record: 'end', ...totals });
}
