import type { AccountAddress, AccountPreferences, FieldErrors } from '@shipping/contracts-core';
import { type PricedShipment, shipmentPriceCents } from '../pricing/shipment-price';
import { itemRuleErrors } from '../rules/batch-rules';

export type ItemValidationResult =
  | { item_id: string; valid: true; price_cents: number; shipment: unknown }
  | { item_id: string; valid: false; errors: FieldErrors };

/**
 * A batch item whose shipment passed the request rules, with its units defaulted and the saved
 * sender's id kept, judged by the item rules of BATCH_RULES and priced on the service's rate card.
 * The valid result carries the shipment as labelled: what the label is bought for, whatever the
 * address book says later.
 */
export function pricedItem(
  itemId: string,
  service: string,
  validatedShipment: object,
  savedFrom: AccountAddress | undefined,
  preferences: AccountPreferences,
): ItemValidationResult {
  const normalized = JSON.parse(JSON.stringify(validatedShipment)) as Record<string, unknown>;
  normalized.weight_unit ??= preferences.weight_unit;
  normalized.length_unit ??= preferences.length_unit;
  if (savedFrom) normalized.from_address_id = savedFrom.id;
  const shipment = normalized as PricedShipment & Record<string, unknown>;
  const errors = itemRuleErrors({ service, shipment });
  if (Object.keys(errors).length > 0) return { item_id: itemId, valid: false, errors };
  const price = shipmentPriceCents(service, shipment);
  if (price === undefined)
    throw new Error(`Item ${itemId} has no rate on ${service}, yet broke no item rule`);
  return { item_id: itemId, valid: true, price_cents: price, shipment: normalized };
}
