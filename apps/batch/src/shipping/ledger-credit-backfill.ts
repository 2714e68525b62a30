import { balanceChangeOf, type LedgerEvent, ledgerEntryOf } from '@shipping/ledger-domain';
import type { EventStore } from '@shipping/event-store';

const EVENTS_PER_READ = 1_000;

/** What a credit indexed before the index kept them lacks: its reference and the balance right after it. */
export interface CreditBackFill {
  reference: string;
  balanceAfterCents: number;
}

/**
 * Reads a credit's reference and the balance after it from its stream: the events up to its
 * revision, page by page. Only rows indexed before version 3 of the batch migrations need it, each
 * once, since the index writes what it finds into the row.
 */
export async function creditFromStream(
  store: EventStore,
  stream: string,
  creditKey: string,
  revision: bigint,
): Promise<CreditBackFill> {
  let balanceAfterCents = 0;
  let last: LedgerEvent | undefined;
  for (let from = 0n; from <= revision; from += BigInt(EVENTS_PER_READ)) {
    const left = revision - from + 1n;
    const maxCount = left < BigInt(EVENTS_PER_READ) ? Number(left) : EVENTS_PER_READ;
    const recorded = await store.readStream(stream, { fromRevision: from, maxCount });
    for (const event of recorded) {
      last = { type: event.type, data: event.data } as LedgerEvent;
      balanceAfterCents += balanceChangeOf(last);
    }
    if (recorded.length < maxCount) break;
  }
  const entry = last === undefined ? undefined : ledgerEntryOf(last);
  if (entry?.key !== creditKey || entry.reference === undefined)
    throw new Error(`${stream} holds no ${creditKey} at revision ${revision}`);
  return { reference: entry.reference, balanceAfterCents };
}
