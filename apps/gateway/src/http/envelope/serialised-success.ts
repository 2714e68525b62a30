import { createHash } from 'node:crypto';
import { successEnvelope } from './envelope';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A success envelope serialised once, with its weak ETag: a GET that answers the same body many
 * times returns this instead of the data, and each answer is its text as it stands. (Not for an
 * idempotent POST: its stored replay is the enveloped body, which this is not.)
 */
export class SerialisedSuccess {
  readonly text: string;
  readonly etag: string;

  constructor(result: unknown) {
    this.text = JSON.stringify(successEnvelope(result));
    this.etag = weakEtag(this.text);
  }
}

/** The weak tag of a body, as Express's `etag` 1.8 made it: its length in bytes and a SHA-1 of it. */
export function weakEtag(body: string | Buffer): string {
  const hash = createHash('sha1').update(body).digest('base64').substring(0, 27);
  const length = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
  return `W/"${length.toString(16)}-${hash}"`;
}
