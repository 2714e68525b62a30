import { Logger } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { AppError } from '@shipping/contracts';
import { EMPTY, NEVER, type Observable, of, throwError } from 'rxjs';
import { INTERNAL_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from './error-payloads';
import { DEFAULT_REQUEST_TIMEOUT_MS, emitEvent, sendRequest } from './send-request';

/** A transport reduced to what it answers: these specs pin how each answer reaches the caller. */
function clientAnswering(reply$: Observable<unknown>): ClientProxy {
  return { send: () => reply$, emit: () => reply$ } as unknown as ClientProxy;
}

function failureOf(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => Promise.reject(new Error('expected a failure')),
    (error: AppError) => error,
  );
}

describe('sendRequest', () => {
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('gives up after 10 seconds by default', async () => {
    jest.useFakeTimers();
    const outcome = jest.fn();
    sendRequest(clientAnswering(NEVER), 'order.freight.create', {}).catch(outcome);

    await jest.advanceTimersByTimeAsync(DEFAULT_REQUEST_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);

    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ code: 'unavailable' }));
  });

  it('logs a request that got no reply with the correlation id its context carries', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const message = { context: { accountId: 'acct_acme', correlationId: 'req-7' }, payload: {} };

    await failureOf(
      sendRequest(clientAnswering(throwError(() => new Error('broker down'))), 'batch.get', message),
    );

    expect(warned).toHaveBeenCalledWith(
      'Request "batch.get" (correlation id req-7) got no reply (Error: broker down).',
    );
  });

  it('resolves undefined when the handler replied nothing', async () => {
    await expect(sendRequest(clientAnswering(EMPTY), 'order.freight.create', {})).resolves.toBeUndefined();
    await expect(
      sendRequest(clientAnswering(of(undefined)), 'order.freight.create', {}),
    ).resolves.toBeUndefined();
  });

  it('treats a transport error with a code of its own as "unavailable", not as an error payload', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9092'), { code: 'ECONNREFUSED' });

    const error = await failureOf(
      sendRequest(clientAnswering(throwError(() => refused)), 'order.freight.create', {}),
    );

    expect(error).toBeInstanceOf(AppError);
    expect(error.toPayload()).toEqual({ code: 'unavailable', message: UNAVAILABLE_MESSAGE });
  });

  it('treats a string error, as Nest sends for a pattern without handler over Kafka, as "unavailable"', async () => {
    const noHandler = 'There is no matching message handler defined in the remote service.';

    const error = await failureOf(
      sendRequest(clientAnswering(throwError(() => noHandler)), 'order.freight.create', {}),
    );

    expect(error.toPayload()).toEqual({ code: 'unavailable', message: UNAVAILABLE_MESSAGE });
  });

  it('treats Nest\'s default error reply, from a handler without AppErrorRpcFilter, as "internal"', async () => {
    const untranslated = { status: 'error', message: 'Internal server error' };

    const error = await failureOf(
      sendRequest(clientAnswering(throwError(() => untranslated)), 'order.freight.create', {}),
    );

    expect(error.toPayload()).toEqual({ code: 'internal', message: INTERNAL_ERROR_MESSAGE });
  });
});

describe('emitEvent', () => {
  afterEach(() => jest.restoreAllMocks());

  it('resolves once the transport accepted the event', async () => {
    await expect(
      emitEvent(clientAnswering(of(undefined)), 'order.created', { id: 'o-1' }),
    ).resolves.toBeUndefined();
  });

  it('turns a transport that refuses the event into "unavailable"', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const down = throwError(() => new Error('broker down'));

    const error = await failureOf(emitEvent(clientAnswering(down), 'order.created', { id: 'o-1' }));

    expect(error.toPayload()).toEqual({ code: 'unavailable', message: UNAVAILABLE_MESSAGE });
  });
});
