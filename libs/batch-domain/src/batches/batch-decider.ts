import { type Decider, MAX_BATCH_SHIPMENTS } from '@shipping/contracts-core';
import { type BatchEvent, type BatchItemSubmission, ITEM_BYTES_PER_EVENT } from './batch-events';
import type { BatchCommand, CreateBatch } from './batch-commands';
import { type BatchState, initialBatchState } from './batch-state';
import { evolveBatch } from './evolve-batch';
import { decideLabelResults, decideMergedFiles } from './finish-batch';
import { decideValidation } from './record-validation';
import { chunkByJsonBytes } from './item-chunks';
import { decideShip } from './ship-batch';

/** The gateway validated the request and the batch app numbered the items; anything else is a bug. */
function assertWellFormed(command: CreateBatch): void {
  const { items } = command;
  if (items.length === 0 || items.length > MAX_BATCH_SHIPMENTS)
    throw new Error(`A batch holds 1 to ${MAX_BATCH_SHIPMENTS} items, not ${items.length}`);
  const indexes = new Set(items.map((item) => item.index));
  const ids = new Set(items.map((item) => item.item_id));
  const numbered = items.every(
    (item) => Number.isInteger(item.index) && item.index >= 0 && item.index < items.length,
  );
  if (!numbered || indexes.size !== items.length || ids.size !== items.length) {
    throw new Error(
      `Batch ${command.batchId}: items need distinct ids and the indexes 0 to ${items.length - 1}`,
    );
  }
}

/** The items from the `submitted`-th on, as BatchItemsAdded events of at most ITEM_BYTES_PER_EVENT each. */
function itemsAdded(batchId: string, items: readonly BatchItemSubmission[], submitted: number): BatchEvent[] {
  let count = submitted;
  return chunkByJsonBytes(items.slice(submitted), ITEM_BYTES_PER_EVENT).map((chunk) => {
    count += chunk.length;
    return { type: 'BatchItemsAdded', data: { batch_id: batchId, items: chunk, submitted_count: count } };
  });
}

/**
 * BatchCreated with as many of the items (in index order) as one event holds, then BatchItemsAdded
 * with the rest. Written in several appends when they are large, so deciding the same command on
 * a batch still creating (a write cut short) decides the items not recorded yet.
 */
function decideCreate(command: CreateBatch, state: BatchState): BatchEvent[] {
  const items = [...command.items].sort((a, b) => a.index - b.index);
  if (state.status === 'creating' && state.batchId === command.batchId)
    return itemsAdded(command.batchId, items, state.items.length);
  if (state.status !== 'none') throw new Error(`Batch id already used: ${command.batchId}`);
  assertWellFormed(command);
  const [first] = chunkByJsonBytes(items, ITEM_BYTES_PER_EVENT);
  const data = {
    batch_id: command.batchId,
    account_id: command.accountId,
    shipper_id: command.shipperId,
    shipper_hash_id: command.shipperHashId,
    shipper: command.shipper,
    key_mode: command.keyMode,
    service: command.service,
    item_count: items.length,
    items: first,
    at: command.now,
  };
  return [{ type: 'BatchCreated', data }, ...itemsAdded(command.batchId, items, first.length)];
}

export function decideBatch(command: BatchCommand, state: BatchState): BatchEvent[] {
  switch (command.type) {
    case 'CreateBatch':
      return decideCreate(command, state);
    case 'RecordValidation':
      return decideValidation(command, state);
    case 'ShipBatch':
      return decideShip(command, state);
    case 'RecordLabelResults':
      return decideLabelResults(command, state);
    case 'RecordMergedFiles':
      return decideMergedFiles(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown batch command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The batch's decider; its stream is `batchStreamName(batchId)`. */
export const batchDecider: Decider<BatchCommand, BatchEvent, BatchState> = {
  decide: decideBatch,
  evolve: evolveBatch,
  initialState: initialBatchState,
};
