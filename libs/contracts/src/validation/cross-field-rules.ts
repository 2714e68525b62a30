import type { FieldErrors } from '@shipping/contracts-core';
import { joinPath, renderMessage } from './messages';

/**
 * Rules that need more than one field's own siblings (an order's insurance deciding whether each
 * item's price is required). Paths are relative to the object; messages may use `:attribute`.
 * Called on every object of the tree after class-validator ran, also when it found errors, so
 * implementations must not trust the types of the fields they read.
 */
export interface HasCrossFieldRules {
  crossFieldErrors(): FieldErrors;
}

export function hasCrossFieldRules(value: unknown): value is HasCrossFieldRules {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as HasCrossFieldRules).crossFieldErrors === 'function'
  );
}

export function collectCrossFieldErrors(root: object): FieldErrors {
  const result: FieldErrors = {};
  const visit = (node: unknown, path: string): void => {
    if (typeof node !== 'object' || node === null) return;
    if (hasCrossFieldRules(node)) {
      for (const [relative, templates] of Object.entries(node.crossFieldErrors())) {
        const full = joinPath(path, relative);
        result[full] = [
          ...(Object.hasOwn(result, full) ? result[full] : []),
          ...templates.map((template) => renderMessage(template, full)),
        ];
      }
    }
    for (const [key, child] of Object.entries(node)) visit(child, joinPath(path, key));
  };
  visit(root, '');
  return result;
}
