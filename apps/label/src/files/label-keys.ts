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

export const batchFileKey = (batchId: string, file: number) => `batches/${batchId}/labels-${file}.pdf`;

/**
 * The absolute path of a key under `root`, or undefined for anything that could leave it or is
 * not a PDF: absolute paths, `..` or `.` segments, backslashes, NUL, empty segments.
 */
export function pathOfKey(root: string, key: unknown): string | undefined {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return undefined;
  if (isAbsolute(key) || key.includes('\\') || key.includes('\0') || !key.endsWith('.pdf')) return undefined;
  if (key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
    return undefined;
  const path = resolve(root, key);
  const inside = relative(resolve(root), path);
  return inside === '' || inside.startsWith(`..${sep}`) || isAbsolute(inside) ? undefined : path;
}
