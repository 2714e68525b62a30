import { NotFound } from '@shipping/contracts-core';
import type { BatchEvent } from './batch-events';
import type { ShipBatch } from './batch-commands';
import type { BatchState } from './batch-state';
import { batchPrice } from './batch-price';
import { NOT_READY_MESSAGE, shipRefusal } from '../rules/batch-rules';

/** A batch ready to ship. */
export type ReadyBatch = Extract<BatchState, { status: 'ready' }>;

/**
 * The batch `command` ships, once the ship rules of BATCH_RULES let it, or why it cannot: thrown.
 * Undefined when the batch shipped already and the command allows that (`onlyIfReady`: a ship
 * finished after a crash).
 */
export function shippableBatch(command: ShipBatch & { onlyIfReady?: false }, state: BatchState): ReadyBatch;
export function shippableBatch(command: ShipBatch, state: BatchState): ReadyBatch | undefined;
export function shippableBatch(command: ShipBatch, state: BatchState): ReadyBatch | undefined {
  const refusal = shipRefusal(command, state);
  const shipped = state.status === 'processing' || state.status === 'completed';
  if (refusal && command.onlyIfReady && shipped && !(refusal instanceof NotFound)) return undefined;
  if (refusal) throw refusal;
  if (state.status !== 'ready')
    throw new Error(`A ship rule let a batch ${state.status} through: ${NOT_READY_MESSAGE}`);
  return state;
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
