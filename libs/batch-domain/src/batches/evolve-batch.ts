import type { BatchEvent, BatchItemSubmission } from './batch-events';
import type { BatchFacts, BatchItemState, BatchState } from './batch-state';

const pending = (submissions: readonly BatchItemSubmission[]): BatchItemState[] =>
  [...submissions]
    .sort((a, b) => a.index - b.index)
    .map((item) => ({ id: item.item_id, index: item.index, status: 'pending' }));

/** Validating once every item of the batch is recorded, creating until then. */
function withItemCount(facts: BatchFacts, itemCount: number): BatchState {
  return facts.items.length >= itemCount
    ? { ...facts, status: 'validating' }
    : { ...facts, status: 'creating', itemCount };
}

function created(data: Extract<BatchEvent, { type: 'BatchCreated' }>['data']): BatchState {
  const items = pending(data.items);
  return withItemCount(
    {
      batchId: data.batch_id,
      accountId: data.account_id,
      shipperId: data.shipper_id,
      shipperHashId: data.shipper_hash_id,
      shipper: data.shipper,
      keyMode: data.key_mode,
      service: data.service,
      createdAt: data.at,
      items,
      positions: new Map(items.map((item, position) => [item.id, position])),
    },
    data.item_count,
  );
}

function added(
  state: Extract<BatchState, { status: 'creating' }>,
  submissions: readonly BatchItemSubmission[],
): BatchState {
  const { status: _creating, itemCount, ...facts } = state;
  const items = [...facts.items, ...pending(submissions)];
  const positions = new Map(facts.positions);
  items.forEach((item, position) => positions.set(item.id, position));
  return withItemCount({ ...facts, items, positions }, itemCount);
}

/** Copies the item list (an array copy, cheap even for 1,000 items) with one item replaced. */
function withItem(
  state: BatchState,
  itemId: string,
  next: (item: BatchItemState) => BatchItemState,
): BatchState {
  if (state.status === 'none') return state;
  const position = state.positions.get(itemId);
  if (position === undefined) return state;
  const items = state.items.slice();
  items[position] = next(items[position]);
  return { ...state, items };
}

export function evolveBatch(state: BatchState, event: BatchEvent): BatchState {
  switch (event.type) {
    case 'BatchCreated':
      return state.status === 'none' ? created(event.data) : state;
    case 'BatchItemsAdded':
      return state.status === 'creating' ? added(state, event.data.items) : state;
    case 'ItemValidated':
      return withItem(state, event.data.item_id, ({ id, index }) => ({
        id,
        index,
        status: 'valid',
        priceCents: event.data.price_cents,
        shipment: event.data.shipment,
      }));
    case 'ItemInvalidated':
      return withItem(state, event.data.item_id, ({ id, index }) => ({
        id,
        index,
        status: 'invalid',
        errors: event.data.errors,
      }));
    case 'BatchValidated':
      return state.status === 'validating' ? { ...state, status: event.data.status } : state;
    case 'BatchShipped':
      return state.status === 'ready'
        ? {
            ...state,
            status: 'processing',
            shippedItemIds: event.data.item_ids,
            shippedAt: event.data.at,
            chargedCents: event.data.charged_cents,
            files: [],
          }
        : state;
    case 'ItemCompleted': {
      const { price_cents, tracking_number, label_key } = event.data;
      return withItem(state, event.data.item_id, ({ id, index }) => ({
        id,
        index,
        status: 'completed',
        priceCents: price_cents,
        trackingNumber: tracking_number,
        labelKey: label_key,
      }));
    }
    case 'ItemFailed':
      return withItem(state, event.data.item_id, ({ id, index }) => ({
        id,
        index,
        status: 'failed',
        priceCents: event.data.refund_cents,
        reason: event.data.reason,
      }));
    case 'LabelFilesMerged':
      return state.status === 'processing' ? { ...state, files: event.data.files } : state;
    case 'BatchCompleted':
      return state.status === 'processing' ? { ...state, status: 'completed' } : state;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown batch event ${JSON.stringify(unknown)}`);
    }
  }
}
