/**
 * Laravel-like message templates. `:attribute` becomes the field's full dotted path and
 * `:sibling(name)` the path of a field next to it, once the path is known (renderMessage).
 */
export const messages = {
  required: 'The :attribute field is required.',
  prohibited: 'The :attribute field is prohibited.',
  string: 'The :attribute must be a string.',
  maxChars: (max: number) => `The :attribute must not be greater than ${max} characters.`,
  maxKilobytes: (max: number) => `The :attribute must not be greater than ${max} kilobytes.`,
  integer: 'The :attribute must be an integer.',
  number: 'The :attribute must be a number.',
  min: (min: number) => `The :attribute must be at least ${min}.`,
  max: (max: number) => `The :attribute must not be greater than ${max}.`,
  greaterThan: (than: number | string) => `The :attribute must be greater than ${than}.`,
  boolean: 'The :attribute field must be true or false.',
  in: 'The selected :attribute is invalid.',
  country: 'The :attribute must be a valid ISO 3166-1 alpha-2 country code.',
  date: 'The :attribute must be a date in the format Y-m-d.',
  time: 'The :attribute must be a time in the format H:i.',
  digitsBetween: (min: number, max: number) => `The :attribute must be between ${min} and ${max} digits.`,
  email: 'The :attribute must be a valid email address.',
  object: 'The :attribute must be an object.',
  array: 'The :attribute must be an array.',
  maxItems: (max: number) => `The :attribute must not have more than ${max} items.`,
  body: 'The request body must be a JSON object.',
} as const;

/** Key of errors about the body as a whole (not an object, not a DTO). */
export const BODY_FIELD = 'body';

const SIBLING = /:sibling\(([A-Za-z0-9_.]+)\)/g;

export function renderMessage(template: string, path: string): string {
  const cut = path.lastIndexOf('.');
  const parent = cut === -1 ? '' : path.slice(0, cut + 1);
  return template
    .replace(SIBLING, (_, name: string) => parent + name)
    .replace(/:attribute/g, path || BODY_FIELD);
}

export function joinPath(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}
