import { formatCents, type LedgerEntryView } from '@shipping/contracts';
import { balanceChangeOf, isLedgerEvent, type LedgerEvent } from '@shipping/ledger-domain';
import type { RecordedEvent } from '@shipping/event-store';

const KINDS: Record<LedgerEvent['type'], LedgerEntryView['kind']> = {
  CreditGranted: 'credit',
  CreditAdded: 'credit',
  BatchCharged: 'charge',
  ShipmentCharged: 'charge',
  ItemRefunded: 'refund',
  ShipmentRefunded: 'refund',
};

/** A ledger event as a line of `GET /account/ledger`: signed decimal amount, what it was for. */
export function ledgerEntryView(recorded: RecordedEvent): LedgerEntryView {
  const event = { type: recorded.type, data: recorded.data } as LedgerEvent;
  if (!isLedgerEvent(event)) throw new Error(`Not a ledger event: ${recorded.type}`);
  const data = event.data as Partial<Record<string, unknown>>;
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : null);
  return {
    kind: KINDS[event.type],
    type: event.type,
    amount: formatCents(balanceChangeOf(event)),
    batch_id: text('batch_id'),
    item_id: text('item_id'),
    shipment_order_id: typeof data['shipment_order_id'] === 'number' ? data['shipment_order_id'] : null,
    reference: text('reference') ?? text('reason'),
    created_at: event.data.at,
  };
}
