import { AppError } from '@shipping/contracts';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Item and batch ids become file names: sqids and similar opaque ids only. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_KEY_LENGTH = 512;

export function assertSafeId(kind: 'item' | 'batch', id: unknown): asserts id is string {
  if (typeof id !== 'string' || !SAFE_ID.test(id)) {
    throw new AppError('bad_request', `The ${kind} id ${JSON.stringify(id)} cannot name a label file.`);
  }
}

export const itemLabelKey = (itemId: string) => `items/${itemId}.pdf`;

/** A key a purchase answered (`items/...`): what a merge takes its sources from, and nothing else. */
export const isBoughtLabelKey = (key: unknown): key is string =>
  isSafeLabelKey(key) && key.startsWith('items/');

export const batchFileKey = (batchId: string, file: number) => `batches/${batchId}/labels-${file}.pdf`;

/**
 * A relative path to a PDF that stays under whatever folder it is resolved against: no absolute
 * paths, `..` or `.` segments, backslashes, NUL or empty segments. Every store refuses the rest,
 * so a key is the same file name on disk and in the database.
 */
export function isSafeLabelKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  if (isAbsolute(key) || key.includes('\\') || key.includes('\0') || !key.endsWith('.pdf')) return false;
  return !key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');
}

export const unsafeLabelKey = () =>
  new AppError('bad_request', 'The label key is not a relative path to a PDF file.');

export function assertLabelKey(key: unknown): asserts key is string {
  if (!isSafeLabelKey(key)) throw unsafeLabelKey();
}

/** The absolute path of a key under `root`, or undefined for a key that is not safe. */
export function pathOfKey(root: string, key: unknown): string | undefined {
  if (!isSafeLabelKey(key)) return undefined;
  const path = resolve(root, key);
  const inside = relative(resolve(root), path);
  return inside === '' || inside.startsWith(`..${sep}`) || isAbsolute(inside) ? undefined : path;
}
