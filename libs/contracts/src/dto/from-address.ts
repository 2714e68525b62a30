import { type FieldOptions, MAX_ID, type Owner } from '../validation';

export const OPTIONAL_ID: FieldOptions & { min: number; max: number } = {
  presence: 'optional',
  min: 1,
  max: MAX_ID,
};

const hasFromAddressId = (owner: Owner) =>
  owner.from_address_id !== undefined && owner.from_address_id !== null;

/**
 * from_address_id takes priority: with it, from_address is dropped before validation, so a
 * half-filled from_address next to a saved address id is neither refused nor used.
 */
export const FROM_ADDRESS_RULES: FieldOptions & { ignoredWhen: (owner: Owner) => boolean } = {
  presence: (owner) => (hasFromAddressId(owner) ? 'optional' : 'required'),
  requiredMessage: 'The :attribute field is required when :sibling(from_address_id) is not present.',
  ignoredWhen: hasFromAddressId,
};
