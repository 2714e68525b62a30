import {
  type AccountAddress,
  type AccountPreferences,
  BatchShipment,
  asJsonObject,
  type FieldErrors,
  validateRequest,
  withSavedSender,
} from '@shipping/contracts';
import { type BatchItemSubmission, NO_RATE_MESSAGE, shipmentPriceCents } from '@shipping/batch-domain';

export type ItemValidationResult =
  | { item_id: string; valid: true; price_cents: number; shipment: unknown }
  | { item_id: string; valid: false; errors: FieldErrors };

export { NO_RATE_MESSAGE };

const invalidId = (field: string) => `The selected ${field} is invalid.`;

/**
 * One item of a batch: the parcel rules plus the batch ones (telephone 10-15 digits, email
 * allowed), saved address ids of the account, and a price on the service's rate card. The valid
 * result carries the shipment as validated, with the sender resolved and units defaulted: what
 * the label is bought for, whatever the address book says later.
 */
export function validateItem(
  item: BatchItemSubmission,
  service: string,
  saved: AccountAddress[],
  preferences: AccountPreferences,
): ItemValidationResult {
  const shipment = asJsonObject(item.shipment);
  const byId = (id: unknown) => saved.find((address) => address.id === id);
  const referenceErrors: FieldErrors = {};
  const fromId = shipment.from_address_id;
  const savedFrom = fromId === undefined || fromId === null ? undefined : byId(fromId);
  if (fromId !== undefined && fromId !== null && !savedFrom)
    referenceErrors.from_address_id = [invalidId('from_address_id')];
  const returnId = shipment.return_address_id;
  if (returnId !== undefined && returnId !== null && !byId(returnId))
    referenceErrors.return_address_id = [invalidId('return_address_id')];

  const validated = validateRequest(BatchShipment, withSavedSender(shipment, savedFrom));
  const errors = { ...(validated.ok ? {} : validated.errors), ...referenceErrors };
  if (!validated.ok || Object.keys(errors).length > 0) return { item_id: item.item_id, valid: false, errors };

  const normalized = JSON.parse(JSON.stringify(validated.value)) as Record<string, unknown>;
  normalized.weight_unit ??= preferences.weight_unit;
  normalized.length_unit ??= preferences.length_unit;
  if (savedFrom) normalized.from_address_id = savedFrom.id;
  const price = shipmentPriceCents(
    service,
    normalized as unknown as Parameters<typeof shipmentPriceCents>[1],
  );
  if (price === undefined)
    return { item_id: item.item_id, valid: false, errors: { package_list: [NO_RATE_MESSAGE] } };
  return { item_id: item.item_id, valid: true, price_cents: price, shipment: normalized };
}
