import { HttpException } from '@nestjs/common';
import { AppError, type ErrorCode, Unavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@shipping/contracts';
import { isTransientFault, UNAVAILABLE_MESSAGE } from '@shipping/messaging';
import { STATUS_CODES } from 'node:http';
import { failureEnvelope, type FailureEnvelope } from '../envelope/envelope';

export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  unauthenticated: 401,
  insufficient_credit: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

export const SERVER_ERROR_MESSAGE = 'Server error.';

/** Messages for framework exceptions, whose own texts name internals (`Cannot GET /x`). */
const FRAMEWORK_MESSAGES: Readonly<Record<number, string>> = {
  401: 'Unauthenticated.',
  404: 'Not found.',
  429: 'Too many requests.',
  503: 'Service unavailable.',
};

export interface ErrorResponse {
  status: number;
  body: FailureEnvelope;
  /** A fault rather than an answer: logged with its stack, never shown. */
  unexpected: boolean;
  /** Every 503 says when a retry (with the same Idempotency-Key) is worth making. */
  retryAfterSeconds?: number;
}

/** The one mapping from anything thrown to a status and the failure envelope. */
export function toErrorResponse(error: unknown): ErrorResponse {
  const response = toStatusAndBody(error);
  if (response.status !== 503) return response;
  const retryAfterSeconds =
    error instanceof Unavailable ? error.retryAfterSeconds : UNAVAILABLE_RETRY_AFTER_SECONDS;
  return { ...response, retryAfterSeconds };
}

function toStatusAndBody(error: unknown): ErrorResponse {
  if (error instanceof AppError) return fromAppError(error);
  if (error instanceof HttpException) return fromHttpException(error);
  if (isFrameworkClientError(error)) {
    const status = error.statusCode;
    return {
      status,
      body: failureEnvelope(FRAMEWORK_MESSAGES[status] ?? `${STATUS_CODES[status] ?? 'Error'}.`),
      unexpected: false,
    };
  }
  // The gateway's own stores (keys, idempotency, rate limits) fail the way an app's do.
  if (isTransientFault(error)) {
    return { status: 503, body: failureEnvelope(UNAVAILABLE_MESSAGE), unexpected: true };
  }
  return { status: 500, body: failureEnvelope(SERVER_ERROR_MESSAGE), unexpected: true };
}

function fromAppError(error: AppError): ErrorResponse {
  if (error.code === 'internal') {
    return { status: 500, body: failureEnvelope(SERVER_ERROR_MESSAGE), unexpected: true };
  }
  return {
    status: STATUS_BY_CODE[error.code],
    body: failureEnvelope(error.message, error.data),
    unexpected: false,
  };
}

function fromHttpException(error: HttpException): ErrorResponse {
  const status = error.getStatus();
  if (status >= 500) {
    const message = FRAMEWORK_MESSAGES[status] ?? SERVER_ERROR_MESSAGE;
    return { status, body: failureEnvelope(message), unexpected: status !== 503 };
  }
  return {
    status,
    body: failureEnvelope(FRAMEWORK_MESSAGES[status] ?? clientMessage(error, status)),
    unexpected: false,
  };
}

function clientMessage(error: HttpException, status: number): string {
  const response = error.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : `${STATUS_CODES[status] ?? 'Error'}.`;
}

/** A request Fastify itself refused before any handler (`FST_ERR_*`, such as a Content-Type it cannot parse). */
function isFrameworkClientError(error: unknown): error is { code: string; statusCode: number } {
  if (!(error instanceof Error)) return false;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return (
    typeof code === 'string' &&
    code.startsWith('FST_') &&
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 500
  );
}
