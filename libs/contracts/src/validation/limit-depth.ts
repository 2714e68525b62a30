/** Request shapes nest at most 7 containers deep (batch -> shipment -> package -> item); 16 leaves room. */
export const MAX_BODY_DEPTH = 16;

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;
const emptyLike = (value: Container): Container => (Array.isArray(value) ? [] : {});

/**
 * A copy of a JSON value in which containers more than `maxDepth` levels deep (the value itself is
 * level 1) are empty. class-transformer and class-validator recurse, so a body of a hundred
 * thousand brackets would overflow the stack. No request field lives that deep, so what is cut is
 * either an unknown field (dropped anyway) or inside a value of the wrong type (refused anyway):
 * cutting never makes a body valid. Iterative on purpose. No field is named `__proto__`,
 * `constructor` or `prototype`, so those keys are not copied: class-transformer reads a nested
 * object's `constructor` as its class and throws on one a body supplies.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function limitDepth(value: unknown, maxDepth = MAX_BODY_DEPTH): unknown {
  if (!isContainer(value)) return value;
  const root = emptyLike(value);
  const pending: Array<[Container, Container, number]> = [[value, root, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [source, target, depth] = next;
    for (const key of Object.keys(source)) {
      if (PROTOTYPE_KEYS.has(key)) continue;
      const child = (source as Record<string, unknown>)[key];
      if (!isContainer(child)) {
        (target as Record<string, unknown>)[key] = child;
        continue;
      }
      const copy = emptyLike(child);
      (target as Record<string, unknown>)[key] = copy;
      if (depth < maxDepth) pending.push([child, copy, depth + 1]);
    }
  }
  return root;
}
