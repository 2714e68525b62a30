import { BATCH_NOT_FOUND_MESSAGE, Conflict, NotFound } from '@shipping/contracts-core';
import type { BatchEvent } from './batch-events';
import type { ShipBatch } from './batch-commands';
import type { BatchFacts, BatchState } from './batch-state';
import { batchPrice } from './batch-price';

export const NOT_READY_MESSAGE = 'Batch is not ready to ship.';
export const INVALID_ITEMS_MESSAGE = 'Invalid items must be fixed or removed before shipping the batch.';

/** The invalid items, by id in index order, so the caller knows which to fix or remove. */
export function invalidItemsConflict(state: BatchFacts): Conflict {
  const ids = state.items.filter((item) => item.status === 'invalid').map((item) => item.id);
  return new Conflict(INVALID_ITEMS_MESSAGE, { invalid_order_ids: ids });
}

/** A batch ready to ship. */
export type ReadyBatch = Extract<BatchState, { status: 'ready' }>;

/**
 * The batch `command` ships, or why it cannot: thrown. Undefined when the batch shipped already
 * and the command allows that (`onlyIfReady`). Another account's batch is as unknown as one that
 * does not exist, and so is a batch of the other key mode (decision 101): its labels are bought in
 * the mode it was created in, so a live key never buys real labels for a test batch, and a test
 * key never ships a live one.
 */
export function shippableBatch(command: ShipBatch & { onlyIfReady?: false }, state: BatchState): ReadyBatch;
export function shippableBatch(command: ShipBatch, state: BatchState): ReadyBatch | undefined;
export function shippableBatch(command: ShipBatch, state: BatchState): ReadyBatch | undefined {
  if (state.status === 'none' || state.accountId !== command.accountId)
    throw new NotFound(BATCH_NOT_FOUND_MESSAGE);
  if (state.status !== 'creating' && command.keyMode !== undefined && command.keyMode !== state.keyMode)
    throw new NotFound(BATCH_NOT_FOUND_MESSAGE);
  switch (state.status) {
    case 'ready':
      return state;
    case 'invalid':
      throw invalidItemsConflict(state);
    case 'processing':
    case 'completed':
      if (command.onlyIfReady) return undefined;
      throw new Conflict(NOT_READY_MESSAGE);
    case 'validating':
      throw new Conflict(NOT_READY_MESSAGE);
    case 'creating':
      throw new NotFound(BATCH_NOT_FOUND_MESSAGE);
    default: {
      const unknown: never = state;
      throw new Error(`Unknown batch state ${JSON.stringify(unknown)}`);
    }
  }
}

/** Ships every valid item of a shippable batch and charges their price (`batchPrice`). */
export function decideShip(command: ShipBatch, state: BatchState): BatchEvent[] {
  const batch = shippableBatch(command, state);
  if (batch === undefined) return [];
  const price = batchPrice(batch);
  const data = {
    batch_id: batch.batchId,
    account_id: batch.accountId,
    charged_cents: price.cents,
    item_ids: price.itemIds,
    at: command.now,
  };
  return [{ type: 'BatchShipped', data }];
}
