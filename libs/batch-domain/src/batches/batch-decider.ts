import { MAX_BATCH_SHIPMENTS } from '@shipping/contracts';
import type { BatchEvent } from './batch-events';
import type { BatchCommand, CreateBatch } from './batch-commands';
import type { BatchState } from './batch-state';
import { decideLabelResults, decideMergedFiles } from './finish-batch';
import { decideValidation } from './record-validation';
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

function decideCreate(command: CreateBatch, state: BatchState): BatchEvent[] {
  if (state.status !== 'none') throw new Error(`Batch id already used: ${command.batchId}`);
  assertWellFormed(command);
  const data = {
    batch_id: command.batchId,
    account_id: command.accountId,
    shipper_id: command.shipperId,
    shipper_hash_id: command.shipperHashId,
    service: command.service,
    items: [...command.items],
    at: command.now,
  };
  return [{ type: 'BatchCreated', data }];
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
