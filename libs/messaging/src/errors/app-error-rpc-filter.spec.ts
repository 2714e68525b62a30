import { Controller, type INestApplication, Logger } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AppError, Conflict, ValidationFailed } from '@shipping/contracts';
import { throwError } from 'rxjs';
import type { InProcessClient } from '../in-process/in-process-client';
import { gate, startMessagingApp } from '../in-process/transport.fixture';
import { INTERNAL_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from './error-payloads';
import { sendRequest } from './send-request';

const neverReplies = gate();

@Controller()
class FailingController {
  @MessagePattern('order.freight.validate')
  validate(): never {
    throw new ValidationFailed({ 'package_list.0.weight': ['The weight must be at least 0.01.'] });
  }

  @MessagePattern('order.freight.ship')
  async ship(): Promise<never> {
    await Promise.resolve();
    throw new Conflict('The batch is not ready.', { batch_id: 'b-1' });
  }

  @MessagePattern('order.freight.cancel')
  cancel() {
    return throwError(() => new AppError('not_found', 'Order not found.'));
  }

  @MessagePattern('order.freight.crash')
  crash(): never {
    throw new Error('connection to db-7.internal:5432 refused');
  }

  @MessagePattern('order.freight.throw-string')
  throwString(): never {
    throw 'db-7.internal is down';
  }

  @MessagePattern('order.freight.bigint')
  bigint() {
    return { cents: 10n };
  }

  @MessagePattern('order.freight.hang')
  async hang() {
    await neverReplies.opened;
    return { late: true };
  }
}

describe('errors across the in-process transport (AppErrorRpcFilter and sendRequest)', () => {
  let app: INestApplication;
  let client: InProcessClient;
  let logged: jest.SpyInstance;

  beforeAll(async () => {
    ({ app, client } = await startMessagingApp([FailingController]));
  });

  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    neverReplies.open();
    await app.close();
  });

  const failureOf = (pattern: string, options?: { timeoutMs?: number }) =>
    sendRequest(client, pattern, {}, options).then(
      () => Promise.reject(new Error(`${pattern} did not fail`)),
      (error: unknown) => error,
    );

  it('turns an AppError thrown in a handler into an AppError with the same code, message and data', async () => {
    const error = await failureOf('order.freight.validate');

    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toPayload()).toEqual({
      code: 'validation_failed',
      message: 'The given data was invalid.',
      data: { 'package_list.0.weight': ['The weight must be at least 0.01.'] },
    });
  });

  it('does the same for an AppError from an async handler or an Observable, without logging it', async () => {
    await expect(failureOf('order.freight.ship')).resolves.toMatchObject({
      code: 'conflict',
      message: 'The batch is not ready.',
      data: { batch_id: 'b-1' },
    });
    await expect(failureOf('order.freight.cancel')).resolves.toMatchObject({
      code: 'not_found',
      message: 'Order not found.',
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it('turns an unexpected error into "internal" without its message or stack, and logs its stack', async () => {
    const error = (await failureOf('order.freight.crash')) as AppError;

    expect(error).toBeInstanceOf(AppError);
    expect(error.toPayload()).toEqual({ code: 'internal', message: INTERNAL_ERROR_MESSAGE });
    expect(error.stack).not.toContain('db-7');
    const logs = logged.mock.calls.map((call: unknown[]) => call.join(' '));
    expect(
      logs.some(
        (log: string) => log.includes('connection to db-7.internal:5432 refused') && log.includes('crash'),
      ),
    ).toBe(true);
  });

  it('names the correlation id of the request whose handler failed', async () => {
    const message = { context: { accountId: 'acct_acme', correlationId: 'req-42' }, payload: {} };
    await sendRequest(client, 'order.freight.crash', message).catch(() => undefined);

    const lines = logged.mock.calls.map((call: unknown[]) => String(call[0]));
    expect(lines).toContain('A message handler failed unexpectedly (correlation id req-42).');
  });

  it('turns a thrown non-Error into "internal" too', async () => {
    await expect(failureOf('order.freight.throw-string')).resolves.toMatchObject({
      code: 'internal',
      message: INTERNAL_ERROR_MESSAGE,
    });
    expect(
      logged.mock.calls.some((call: unknown[]) => call.join(' ').includes('db-7.internal is down')),
    ).toBe(true);
  });

  it('turns a reply JSON cannot carry into "internal"', async () => {
    await expect(failureOf('order.freight.bigint')).resolves.toMatchObject({ code: 'internal' });
    expect(
      logged.mock.calls.some((call: unknown[]) => String(call[0]).includes('order.freight.bigint')),
    ).toBe(true);
  });

  it('turns a pattern without handler into "unavailable", naming nothing internal', async () => {
    const error = (await failureOf('order.freight.unknown')) as AppError;

    expect(error).toBeInstanceOf(AppError);
    expect(error.toPayload()).toEqual({ code: 'unavailable', message: UNAVAILABLE_MESSAGE });
  });

  it('turns a reply that does not come in time into "unavailable"', async () => {
    const failing = failureOf('order.freight.hang', { timeoutMs: 50 });
    // A timer due before the deadline fires first, however loaded the machine is: no early answer.
    const early = await Promise.race([
      failing.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 25)),
    ]);
    expect(early).toBe(false);
    await expect(failing).resolves.toMatchObject({
      code: 'unavailable',
      message: UNAVAILABLE_MESSAGE,
    });
  });
});
