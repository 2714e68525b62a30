import { type ArgumentsHost, Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { AppError, type ErrorPayload } from '@shipping/contracts';
import { type Observable, throwError } from 'rxjs';
import { correlationOf } from './correlation-of';
import { internalErrorPayload } from './error-payloads';
import { stackOf } from './stack-of';

/**
 * Turns whatever a message handler throws into the plain payload that crosses a transport:
 * an AppError keeps its code, message and data; anything else is logged here with its stack and
 * crosses as 'internal', so no stack trace or internal message ever reaches a caller.
 */
@Catch()
export class AppErrorRpcFilter implements RpcExceptionFilter<unknown, ErrorPayload> {
  private readonly logger = new Logger(AppErrorRpcFilter.name);

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    if (exception instanceof AppError) {
      const payload = exception.toPayload();
      return throwError(() => payload);
    }
    this.logger.error(
      `A message handler failed unexpectedly${correlationOf(host.switchToRpc().getData())}.`,
      stackOf(exception),
    );
    return throwError(() => internalErrorPayload());
  }
}
