import { type FieldErrors, mergeFieldErrors, validateRequest, ValidationFailed } from '@shipping/contracts';

/**
 * The body validated against its request class, with the errors of its saved-address references
 * merged in (one 422 for both), as plain wire-shaped data: defaults included, no class prototypes.
 */
export function validatedBody<T>(cls: new () => object, body: unknown, referenceErrors: FieldErrors): T {
  const validated = validateRequest(cls, body);
  const errors = mergeFieldErrors(referenceErrors, validated.ok ? {} : validated.errors);
  if (!validated.ok || Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return JSON.parse(JSON.stringify(validated.value)) as T;
}
