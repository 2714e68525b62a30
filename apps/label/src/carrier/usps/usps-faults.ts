import type { UspsErrorMessage } from './usps-types';

export type UspsFaultKind = 'timeout' | 'connection' | 'rate_limited' | 'server';

/**
 * USPS could not answer now: a timeout, a refused connection, a 429 or a 5xx. Retriable: the caller retries
 * with a backoff, waiting at least `retryAfterSeconds` when USPS said so. `unprocessed` when USPS surely did
 * not act on the request (never sent, or a 429); a timeout, a dropped connection or a 5xx may have been.
 */
export class UspsFault extends Error {
  readonly retriable = true;

  constructor(
    message: string,
    readonly kind: UspsFaultKind,
    readonly status?: number,
    readonly retryAfterSeconds?: number,
    readonly unprocessed = false,
  ) {
    super(message);
    this.name = 'UspsFault';
  }

  /** The same fault, known not to have reached the label it was met on the way to. */
  asUnprocessed(): UspsFault {
    return new UspsFault(this.message, this.kind, this.status, this.retryAfterSeconds, true);
  }
}

/**
 * USPS answered 200 with something that is not a whole label. Not retriable as it stands: USPS may have
 * sold the label, so a repeat could buy a second one; `trackingNumber` is set when the metadata named it.
 */
export class UspsAnswerError extends Error {
  readonly retriable = false;

  constructor(
    message: string,
    readonly trackingNumber?: string,
  ) {
    super(message);
    this.name = 'UspsAnswerError';
  }
}

const MAX_REASON_LENGTH = 300;

/**
 * The carrier's own words for a refusal (ErrorMessage `errors[].detail` with its `source.parameter`, or
 * OAuth's `error_description`), cleaned: no secret of the integration, no control characters, short.
 */
export function refusalReason(body: unknown, status: number, secrets: readonly string[]): string {
  const message = body as UspsErrorMessage | undefined;
  const details = (message?.error?.errors ?? [])
    .map((error) => {
      const text = error.detail ?? error.title;
      const parameter = error.source?.parameter;
      return text ? (parameter ? `${text} (${parameter})` : text) : undefined;
    })
    .filter((text): text is string => !!text);
  const text =
    details.length > 0
      ? details.join('; ')
      : (message?.error_description ?? message?.error?.message ?? `USPS answered ${status}`);
  return `USPS: ${clean(text, secrets)}`;
}

export function clean(text: string, secrets: readonly string[]): string {
  let cleaned = text;
  for (const secret of secrets) if (secret.length >= 4) cleaned = cleaned.split(secret).join('[redacted]');
  cleaned = cleaned
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > MAX_REASON_LENGTH ? `${cleaned.slice(0, MAX_REASON_LENGTH - 1)}…` : cleaned;
}

/** Retry-After as seconds, from a number of seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
