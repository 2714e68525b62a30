import { type FieldOptions, isObject, MAX_ID, type Owner } from '../validation';

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
export const FROM_ADDRESS_RULES: FieldOptions & { ignoredBeside: string } = {
  presence: (owner) => (hasFromAddressId(owner) ? 'optional' : 'required'),
  requiredMessage: 'The :attribute field is required when :sibling(from_address_id) is not present.',
  ignoredBeside: 'from_address_id',
};

type JsonObject = Record<string, unknown>;

/** A message payload as a JSON object; anything else is an empty one (and fails validation as such). */
export const asJsonObject = (payload: unknown): JsonObject => (isObject(payload) ? payload : {});

/**
 * The body as if the saved sender address had been sent inline (from_address_id takes priority),
 * so every rule that depends on the sender, such as customs items on international shipments,
 * is checked on the address the id stands for. Fields the request's address does not know are
 * dropped by validation.
 */
export function withSavedSender(body: JsonObject, saved: object | undefined): JsonObject {
  if (!saved) return body;
  const { from_address_id: _id, ...rest } = body;
  return { ...rest, from_address: saved };
}
