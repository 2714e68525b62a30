import { type ArgumentsHost, Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { AppError, type ErrorPayload } from '@shipping/contracts';
import { type Observable, throwError } from 'rxjs';
import { correlationOf } from './correlation-of';
import { internalErrorPayload, unavailablePayload } from './error-payloads';
import { stackOf } from './stack-of';
import { isTransientFault } from './transient-faults';

/**
 * Turns whatever a message handler throws into the plain payload that crosses a transport:
 * an AppError keeps its code, message and data; a passing fault of the infrastructure (see
 * isTransientFault) crosses as 'unavailable', so the caller may retry; anything else crosses as
 * 'internal'. Both are logged here with their stack, so no stack trace or internal message ever
 * reaches a caller.
 */
@Catch()
export class AppErrorRpcFilter implements RpcExceptionFilter<unknown, ErrorPayload> {
  private readonly logger = new Logger(AppErrorRpcFilter.name);

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    if (exception instanceof AppError) {
      const payload = exception.toPayload();
      return throwError(() => payload);
    }
    const correlation = correlationOf(host.switchToRpc().getData());
    if (isTransientFault(exception)) {
      this.logger.error(`A message handler met a passing fault${correlation}.`, stackOf(exception));
      return throwError(() => unavailablePayload());
    }
    this.logger.error(`A message handler failed unexpectedly${correlation}.`, stackOf(exception));
    return throwError(() => internalErrorPayload());
  }
}
