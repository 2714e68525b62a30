import {
  type AccountAddress,
  type AccountPreferences,
  BatchShipment,
  asJsonObject,
  validateRequest,
  withSavedSender,
} from '@shipping/contracts';
import { type BatchItemSubmission, type ItemValidationResult, pricedItem } from '@shipping/batch-domain';
import { resolveAddressReferences } from '@shipping/order-domain';

/**
 * One item of a batch: the parcel rules plus the batch ones (telephone 10-15 digits, email
 * allowed) and saved address ids of the account, then the batch domain's price and defaults.
 */
export function validateItem(
  item: BatchItemSubmission,
  service: string,
  saved: AccountAddress[],
  preferences: AccountPreferences,
): ItemValidationResult {
  const shipment = asJsonObject(item.shipment);
  const references = resolveAddressReferences(shipment, saved);
  const validated = validateRequest(BatchShipment, withSavedSender(shipment, references.savedFrom));
  const errors = { ...(validated.ok ? {} : validated.errors), ...references.errors };
  if (!validated.ok || Object.keys(errors).length > 0) return { item_id: item.item_id, valid: false, errors };
  return pricedItem(item.item_id, service, validated.value, references.savedFrom, preferences);
}
