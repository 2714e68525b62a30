import { type AccountAddress, type FieldErrors } from '@shipping/contracts-core';

export interface AddressReferences {
  from_address_id?: unknown;
  return_address_id?: unknown;
  from_address?: unknown;
}

export interface ResolvedAddresses {
  errors: FieldErrors;
  /** The saved address behind from_address_id, when one was sent and found. */
  savedFrom?: AccountAddress;
}

const invalid = (field: string) => `The selected ${field} is invalid.`;

/**
 * from_address_id takes priority over from_address; return_address_id must be one of the
 * account's saved addresses. Another account's address is as unknown as a missing one.
 */
export function resolveAddressReferences(
  body: AddressReferences,
  saved: AccountAddress[],
): ResolvedAddresses {
  const errors: FieldErrors = {};
  const byId = (id: unknown) => saved.find((address) => address.id === id);
  let savedFrom: AccountAddress | undefined;
  if (body.from_address_id !== undefined && body.from_address_id !== null) {
    savedFrom = byId(body.from_address_id);
    if (!savedFrom) errors.from_address_id = [invalid('from_address_id')];
  }
  if (
    body.return_address_id !== undefined &&
    body.return_address_id !== null &&
    !byId(body.return_address_id)
  ) {
    errors.return_address_id = [invalid('return_address_id')];
  }
  return { errors, savedFrom };
}

/** A saved address as the postal address fields of an order (no book-keeping fields). */
export function postalFields(address: AccountAddress) {
  const { id: _id, is_residential: _residential, ...postal } = address;
  return postal;
}
