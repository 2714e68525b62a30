import { comparePositions, type EventStore, type RecordedEvent } from '@shipping/event-store';

/** What the history command can show, by the stream each lives in. */
export const HISTORY_KINDS = {
  batch: 'batch-',
  order: 'order-',
  pickup: 'pickup-',
  shipment: 'shipment-',
  ledger: 'ledger-',
  account: 'account-',
} as const;

/**
 * An account's history is every change made to it, whichever app keeps the stream: the account
 * and its directory, its API keys, and the credit added to its test and live ledgers (charges and
 * refunds are the ledgers' own history; `history ledger live-<account id>` shows the live one).
 */
const ACCOUNT_STREAMS = ['account-', 'api-keys-', 'ledger-', 'ledger-live-'];
const ACCOUNT_LEDGER_TYPES = ['CreditGranted', 'CreditAdded'];

export type HistoryKind = keyof typeof HISTORY_KINDS;

export interface HistoryEntry {
  revision: string;
  id: string;
  time: string;
  type: string;
  version: number;
  account_id: string | null;
  correlation_id: string | null;
  causation_id: string | null;
  /** Who made the change: the admin key's id (or `sandbox-seed`), for account changes. */
  actor: string | null;
  stream: string;
  data: unknown;
}

const entry = (event: RecordedEvent): HistoryEntry => ({
  revision: event.revision.toString(),
  id: event.id,
  time: event.createdAt.toISOString(),
  type: event.type,
  version: event.version,
  account_id: event.metadata.accountId ?? null,
  correlation_id: event.metadata.correlationId ?? null,
  causation_id: event.metadata.causationId ?? null,
  actor: typeof event.metadata['actor'] === 'string' ? event.metadata['actor'] : null,
  stream: event.streamName,
  data: event.data,
});

export async function streamHistory(
  store: EventStore,
  kind: HistoryKind,
  id: string,
): Promise<HistoryEntry[]> {
  if (kind !== 'account') return (await store.readStream(`${HISTORY_KINDS[kind]}${id}`)).map(entry);
  const streams = await Promise.all(ACCOUNT_STREAMS.map((prefix) => store.readStream(`${prefix}${id}`)));
  return streams
    .flat()
    .filter((event) => !event.streamName.startsWith('ledger-') || ACCOUNT_LEDGER_TYPES.includes(event.type))
    .sort((a, b) => comparePositions(a.position, b.position))
    .map(entry);
}

/** One block per event: when, what (type and version), who (account, correlation, causation), then the data. */
export function formatHistory(streamName: string, entries: readonly HistoryEntry[]): string {
  const lines = [`${streamName}: ${entries.length} event${entries.length === 1 ? '' : 's'}`];
  for (const event of entries) {
    lines.push(
      '',
      `${event.stream} #${event.revision}  ${event.time}  ${event.type} v${event.version}  (${event.id})`,
      `    account ${event.account_id ?? '-'}  correlation ${event.correlation_id ?? '-'}  causation ${event.causation_id ?? '-'}${event.actor ? `  actor ${event.actor}` : ''}`,
      `    ${JSON.stringify(event.data)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
