import type { ValidationError } from 'class-validator';
import type { FieldErrors } from '@shipping/contracts-core';
import { isObject } from './formats';
import { BODY_FIELD, joinPath, messages, renderMessage } from './messages';

/**
 * class-validator's error tree as dotted paths (`package_list.0.items.1.hs_code`) to messages.
 * An element of a nested list that is not an object gets one message at its index: without that,
 * class-validator would descend into an array element and report paths such as `items.0.0`.
 */
export function flattenValidationErrors(errors: readonly ValidationError[], parentPath = ''): FieldErrors {
  const result: FieldErrors = {};
  const add = (path: string, template: string) => {
    const key = path === '' ? BODY_FIELD : path;
    result[key] = [...(Object.hasOwn(result, key) ? result[key] : []), renderMessage(template, path)];
  };
  const visit = (error: ValidationError, parent: string): void => {
    const path = typeof error.property === 'string' ? joinPath(parent, error.property) : parent;
    if (Array.isArray(error.target) && !isObject(error.value)) {
      add(path, messages.object);
      return;
    }
    for (const [type, message] of Object.entries(error.constraints ?? {})) {
      add(path, type === 'unknownValue' ? messages.object : message);
    }
    for (const child of error.children ?? []) visit(child, path);
  };
  for (const error of errors) visit(error, parentPath);
  return result;
}
