import type { AppError, FieldErrors } from '@shipping/contracts-core';
import type { ShipBatch } from '../batches/batch-commands';
import type { BatchState } from '../batches/batch-state';
import type { PricedShipment } from '../pricing/shipment-price';

/** An item whose shipment passed the request's field rules, its units defaulted. */
export interface ItemUnderValidation {
  service: string;
  shipment: PricedShipment & Record<string, unknown>;
}

/** A rule on one item: an item that breaks it ends `invalid` with these field errors. */
export interface ItemRule {
  on: 'item';
  name: string;
  check(item: ItemUnderValidation): FieldErrors | undefined;
}

/** A rule on shipping a batch: a ship that breaks it is refused with this error, and nothing recorded. */
export interface ShipRule {
  on: 'ship';
  name: string;
  check(command: ShipBatch, state: BatchState): AppError | undefined;
}

export type BatchRule = ItemRule | ShipRule;
