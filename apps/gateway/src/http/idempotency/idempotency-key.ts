import { AppError } from '@shipping/contracts';
import { IDEMPOTENCY_KEY_FORMAT_MESSAGE } from '../gateway-messages';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

const PRINTABLE_KEY = /^[\x20-\x7E]{1,255}$/;

/** The request's Idempotency-Key, undefined when it has none; a malformed one is refused. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header === 'string' && PRINTABLE_KEY.test(header)) return header;
  throw new AppError('bad_request', IDEMPOTENCY_KEY_FORMAT_MESSAGE);
}
