import type { FieldErrors } from '@shipping/contracts-core';
import { isWellFormed } from './formats';

export const TEXT_MESSAGE = (path: string) =>
  `The ${path} must be valid Unicode text without NUL characters.`;

/**
 * Strings that JSON allows but no store can keep as text (PostgreSQL refuses NUL and lone
 * surrogates in jsonb), found in an already validated value. Iterative; paths are dotted.
 */
export function textErrors(value: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const pending: Array<[unknown, string]> = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, path] = next;
    if (typeof node === 'string') {
      if (!isWellFormed(node)) errors[path] = [TEXT_MESSAGE(path)];
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return errors;
}
