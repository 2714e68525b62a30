import { isCountryCode } from '@shipping/reference-data';
import type { FieldErrors } from '@shipping/contracts-core';
import { isBlankList, isObject } from '../../validation';

export const INTERNATIONAL_ITEMS_MESSAGE = 'The :attribute field is required on international shipments.';

/**
 * Every package of a shipment between two countries needs its customs items. Only decidable when
 * both addresses are in the body: with a from_address_id, the caller resolves the saved address
 * first and validates again. Paths are relative to the shipment (`package_list.1.items`).
 */
export function internationalItemsErrors(
  fromAddress: unknown,
  toAddress: unknown,
  packages: unknown,
): FieldErrors {
  const from = isObject(fromAddress) ? fromAddress.country : undefined;
  const to = isObject(toAddress) ? toAddress.country : undefined;
  if (!isCountryCode(from) || !isCountryCode(to) || from === to || !Array.isArray(packages)) return {};
  const errors: FieldErrors = {};
  packages.forEach((parcel: unknown, index) => {
    if (isObject(parcel) && isBlankList(parcel.items))
      errors[`package_list.${index}.items`] = [INTERNATIONAL_ITEMS_MESSAGE];
  });
  return errors;
}
