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

/** The tag Express gives a body by default (`etag` 1.8): its length in bytes and a SHA-1 of it. */
export function weakEtag(text: string): string {
  const hash = createHash('sha1').update(text, 'utf8').digest('base64').substring(0, 27);
  return `W/"${Buffer.byteLength(text, 'utf8').toString(16)}-${hash}"`;
}
