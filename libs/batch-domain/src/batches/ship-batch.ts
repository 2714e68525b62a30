import { NotFound } from '@shipping/contracts-core';
import type { BatchEvent } from './batch-events';
import type { ShipBatch } from './batch-commands';
import type { BatchState } from './batch-state';
import { NOT_READY_MESSAGE, shipRefusal } from '../rules/batch-rules';

/**
 * Ships every valid item and charges their prices, once the ship rules of BATCH_RULES let it. A
 * ship finished after a crash (`onlyIfReady`) that finds the batch shipped already decides nothing.
 */
export function decideShip(command: ShipBatch, state: BatchState): BatchEvent[] {
  const refusal = shipRefusal(command, state);
  const shipped = state.status === 'processing' || state.status === 'completed';
  if (refusal && command.onlyIfReady && shipped && !(refusal instanceof NotFound)) return [];
  if (refusal) throw refusal;
  if (state.status !== 'ready')
    throw new Error(`A ship rule let a batch ${state.status} through: ${NOT_READY_MESSAGE}`);
  let charged = 0;
  const itemIds: string[] = [];
  for (const item of state.items) {
    if (item.status !== 'valid') continue;
    charged += item.priceCents;
    itemIds.push(item.id);
  }
  const data = {
    batch_id: state.batchId,
    account_id: state.accountId,
    charged_cents: charged,
    item_ids: itemIds,
    at: command.now,
  };
  return [{ type: 'BatchShipped', data }];
}
