/** Field path (dotted, array indexes as numbers: `package_list.0.items.1.hs_code`) to messages. */
export type FieldErrors = Record<string, string[]>;

export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'insufficient_credit'
  | 'payload_too_large'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

/** The wire form of an error as it crosses a transport (in-process or Kafka). */
export interface ErrorPayload {
  code: ErrorCode;
  message: string;
  data?: unknown;
}

/** Every error a caller may see. Domain rejections are never retried; only `unavailable` is transient. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }

  toPayload(): ErrorPayload {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }

  static fromPayload(payload: ErrorPayload): AppError {
    return new AppError(payload.code, payload.message, payload.data);
  }
}

export const INVALID_DATA_MESSAGE = 'The given data was invalid.';

/** The answer to an Idempotency-Key sent again with another request, wherever that is found out. */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used with a different request.';

export class ValidationFailed extends AppError {
  constructor(readonly fields: FieldErrors) {
    super('validation_failed', INVALID_DATA_MESSAGE, fields);
  }

  static field(path: string, message: string): ValidationFailed {
    return new ValidationFailed({ [path]: [message] });
  }
}

export class NotFound extends AppError {
  constructor(message: string) {
    super('not_found', message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, data?: unknown) {
    super('conflict', message, data);
  }
}

/** A short wait: most 503s are a backing app or store that missed the deadline once. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

export class Unavailable extends AppError {
  constructor(
    message: string,
    /** Sent as `Retry-After`; an answer given over a transport keeps only the default. */
    readonly retryAfterSeconds: number = UNAVAILABLE_RETRY_AFTER_SECONDS,
  ) {
    super('unavailable', message);
  }
}

export function isErrorPayload(value: unknown): value is ErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorPayload).code === 'string' &&
    typeof (value as ErrorPayload).message === 'string'
  );
}

/** Merges field errors, keeping every message of every path. */
export function mergeFieldErrors(...all: FieldErrors[]): FieldErrors {
  const merged: FieldErrors = {};
  for (const errors of all) {
    for (const [path, messages] of Object.entries(errors)) {
      merged[path] = [...(merged[path] ?? []), ...messages];
    }
  }
  return merged;
}
