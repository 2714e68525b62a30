import {
  type AppError,
  BATCH_NOT_FOUND_MESSAGE,
  Conflict,
  type FieldErrors,
  mergeFieldErrors,
  NotFound,
} from '@shipping/contracts-core';
import type { ShipBatch } from '../batches/batch-commands';
import type { BatchFacts, BatchState } from '../batches/batch-state';
import { NO_RATE_MESSAGE, shipmentPriceCents } from '../pricing/shipment-price';
import type { BatchRule, ItemRule, ItemUnderValidation, ShipRule } from './batch-rule';

export const NOT_READY_MESSAGE = 'Batch is not ready to ship.';
export const INVALID_ITEMS_MESSAGE = 'Invalid items must be fixed or removed before shipping the batch.';

/** The invalid items, by id in index order, so the caller knows which to fix or remove. */
export function invalidItemsConflict(state: BatchFacts): Conflict {
  const ids = state.items.filter((item) => item.status === 'invalid').map((item) => item.id);
  return new Conflict(INVALID_ITEMS_MESSAGE, { invalid_order_ids: ids });
}

/**
 * Every rule of a batch beyond the request's field rules, in the order they are applied. An item
 * rule judges each item once its shipment passed the field rules (every item rule is applied, and
 * their errors add up); a ship rule judges a ship, and the first one broken refuses it.
 */
export const BATCH_RULES: readonly BatchRule[] = [
  {
    on: 'item',
    name: 'the service has a rate for every package',
    check: ({ service, shipment }) =>
      shipmentPriceCents(service, shipment) === undefined ? { package_list: [NO_RATE_MESSAGE] } : undefined,
  },
  {
    // Another account's batch is as unknown as one that does not exist, and so is a batch of the
    // other key mode (decision 101): a live key never buys real labels for a test batch.
    on: 'ship',
    name: "the batch is the caller's, in the mode of the caller's key",
    check: (command, state) =>
      state.status === 'none' ||
      state.status === 'creating' ||
      state.accountId !== command.accountId ||
      (command.keyMode !== undefined && command.keyMode !== state.keyMode)
        ? new NotFound(BATCH_NOT_FOUND_MESSAGE)
        : undefined,
  },
  {
    on: 'ship',
    name: 'no item of the batch is invalid',
    check: (_command, state) => (state.status === 'invalid' ? invalidItemsConflict(state) : undefined),
  },
  {
    on: 'ship',
    name: 'the batch is ready',
    check: (_command, state) => (state.status === 'ready' ? undefined : new Conflict(NOT_READY_MESSAGE)),
  },
];

const itemRules = () => BATCH_RULES.filter((rule): rule is ItemRule => rule.on === 'item');
const shipRules = () => BATCH_RULES.filter((rule): rule is ShipRule => rule.on === 'ship');

/** The field errors of every item rule the item breaks, messages of one field in rule order. */
export function itemRuleErrors(item: ItemUnderValidation): FieldErrors {
  return mergeFieldErrors(...itemRules().map((rule) => rule.check(item) ?? {}));
}

/** The error of the first ship rule the command breaks, if any. */
export function shipRefusal(command: ShipBatch, state: BatchState): AppError | undefined {
  for (const rule of shipRules()) {
    const refusal = rule.check(command, state);
    if (refusal) return refusal;
  }
  return undefined;
}
