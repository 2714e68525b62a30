import type { AccountAddress, AccountPreferences, FieldErrors } from '@shipping/contracts-core';
import { NO_RATE_MESSAGE, shipmentPriceCents } from '../pricing/shipment-price';

export type ItemValidationResult =
  | { item_id: string; valid: true; price_cents: number; shipment: unknown }
  | { item_id: string; valid: false; errors: FieldErrors };

/**
 * A batch item whose shipment passed the request rules, with its units defaulted, the saved
 * sender's id kept and a price on the service's rate card. The valid result carries the shipment
 * as labelled: what the label is bought for, whatever the address book says later.
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
  const price = shipmentPriceCents(
    service,
    normalized as unknown as Parameters<typeof shipmentPriceCents>[1],
  );
  if (price === undefined)
    return { item_id: itemId, valid: false, errors: { package_list: [NO_RATE_MESSAGE] } };
  return { item_id: itemId, valid: true, price_cents: price, shipment: normalized };
}
