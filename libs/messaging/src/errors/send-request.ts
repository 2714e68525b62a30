import { Logger } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { AppError, isErrorPayload, Unavailable } from '@shipping/contracts';
import { lastValueFrom, takeLast, timeout } from 'rxjs';
import { TimedRequest } from '../keyed-message';
import { correlationOf } from './correlation-of';
import { INTERNAL_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from './error-payloads';
import { stackOf } from './stack-of';

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

export interface RequestOptions {
  /** How long the whole reply may take before the request counts as unavailable. */
  timeoutMs?: number;
}

const logger = new Logger('MessageClient');

/**
 * Request/reply over whichever transport runs. Resolves the handler's last reply (undefined when it
 * replied nothing). Rejects with an AppError only: the handler's own, rebuilt from the payload that
 * crossed the transport, or 'unavailable' when no reply came in time (no handler, transport
 * failure, timeout). A late reply after the timeout is dropped, but the handler may still have acted.
 */
export async function sendRequest<T>(
  client: Pick<ClientProxy, 'send'>,
  pattern: string,
  payload: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  try {
    const reply$ = client
      .send<T>(pattern, new TimedRequest(payload, timeoutMs))
      .pipe(takeLast(1), timeout(timeoutMs));
    return await lastValueFrom(reply$, { defaultValue: undefined as T });
  } catch (error) {
    throw toAppError(error, `Request "${pattern}"${correlationOf(payload)}`);
  }
}

/** Resolves once the transport accepted the event; handlers run later and their failures stay theirs. */
export async function emitEvent(
  client: Pick<ClientProxy, 'emit'>,
  pattern: string,
  payload: unknown,
): Promise<void> {
  try {
    await lastValueFrom(client.emit(pattern, payload), { defaultValue: undefined });
  } catch (error) {
    throw toAppError(error, `Event "${pattern}"`);
  }
}

/**
 * An error payload is the handler's answer. Errors and strings come from the transport (Nest's
 * own "no matching message handler" is a string). Any other object is a reply nobody translated,
 * such as Nest's default `{ status: 'error' }` when a handler runs without AppErrorRpcFilter.
 */
function toAppError(error: unknown, what: string): AppError {
  if (error instanceof AppError) {
    return error;
  }
  if (!(error instanceof Error) && isErrorPayload(error)) {
    return AppError.fromPayload(error);
  }
  if (error instanceof Error || typeof error === 'string') {
    const cause = error instanceof Error ? `${error.name}: ${error.message}` : error;
    logger.warn(`${what} got no reply (${cause}).`);
    return new Unavailable(UNAVAILABLE_MESSAGE);
  }
  logger.error(`${what} failed with an untranslated error.`, stackOf(error));
  return new AppError('internal', INTERNAL_ERROR_MESSAGE);
}
