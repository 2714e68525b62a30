import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidatorOptions } from 'class-validator';
import { type FieldErrors, mergeFieldErrors } from '@shipping/contracts-core';
import { collectCrossFieldErrors } from './cross-field-rules';
import { flattenValidationErrors } from './flatten-validation-errors';
import { isObject } from './formats';
import { limitDepth, MAX_BODY_DEPTH } from './limit-depth';
import { BODY_FIELD, messages } from './messages';
import { textErrors } from './text-rules';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export interface ValidateRequestOptions {
  /** Containers more levels deep are emptied before validation (see limitDepth). */
  maxDepth?: number;
}

const VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidUnknownValues: true,
  // One message per field, and no descent into a value that already failed its type rule.
  stopAtFirstError: true,
  // flattenValidationErrors tells list elements by their target and value.
  validationError: { target: true, value: true },
};

/**
 * A JSON body as a validated DTO instance with its defaults, or field errors keyed by dotted path.
 * Nothing is coerced (`"12"` stays a string and fails an integer rule); unknown fields are dropped.
 */
export function validateRequest<T extends object>(
  cls: new () => T,
  body: unknown,
  options: ValidateRequestOptions = {},
): ValidationResult<T> {
  if (!isObject(body)) return { ok: false, errors: { [BODY_FIELD]: [messages.body] } };
  const bounded = limitDepth(body, options.maxDepth ?? MAX_BODY_DEPTH) as Record<string, unknown>;
  const instance = plainToInstance(cls, bounded, { enableImplicitConversion: false });
  const fieldErrors = flattenValidationErrors(validateSync(instance, VALIDATOR_OPTIONS));
  const errors = mergeFieldErrors(
    fieldErrors,
    unlessAlreadyFailed(collectCrossFieldErrors(instance), fieldErrors),
  );
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const text = textErrors(instance);
  return Object.keys(text).length === 0 ? { ok: true, value: instance } : { ok: false, errors: text };
}

/** A field that failed its own rules is not blamed again by a rule of its parent. */
function unlessAlreadyFailed(crossField: FieldErrors, failed: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(crossField).filter(([path]) => !Object.hasOwn(failed, path)));
}
