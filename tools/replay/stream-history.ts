import type { EventStore, RecordedEvent } from '@shipping/event-store';

/** What the history command can show, by the stream each lives in. */
export const HISTORY_KINDS = {
  batch: 'batch-',
  order: 'order-',
  pickup: 'pickup-',
  shipment: 'shipment-',
  ledger: 'ledger-',
} as const;

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
  data: event.data,
});

export async function streamHistory(
  store: EventStore,
  kind: HistoryKind,
  id: string,
): Promise<HistoryEntry[]> {
  return (await store.readStream(`${HISTORY_KINDS[kind]}${id}`)).map(entry);
}

/** One block per event: when, what (type and version), who (account, correlation, causation), then the data. */
export function formatHistory(streamName: string, entries: readonly HistoryEntry[]): string {
  const lines = [`${streamName}: ${entries.length} event${entries.length === 1 ? '' : 's'}`];
  for (const event of entries) {
    lines.push(
      '',
      `#${event.revision}  ${event.time}  ${event.type} v${event.version}  (${event.id})`,
      `    account ${event.account_id ?? '-'}  correlation ${event.correlation_id ?? '-'}  causation ${event.causation_id ?? '-'}`,
      `    ${JSON.stringify(event.data)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
