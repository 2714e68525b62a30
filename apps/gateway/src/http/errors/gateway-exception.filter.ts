import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type Observable, throwError } from 'rxjs';
import type { GatewayReply } from '../gateway-request';
import { isLogged, type ResponseWithFault } from '../logging/request-logger';
import { toErrorResponse } from './error-response';

/**
 * The one place where errors become HTTP answers: every status and failure envelope comes from
 * toErrorResponse. Unexpected faults go to the request's log line with their stack (the request logger
 * logs the `err` noted on the response); the body only ever says "Server error.".
 */
@Catch()
export class GatewayExceptionFilter implements ExceptionFilter {
  private readonly fallbackLogger = new Logger('GatewayExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void | Observable<never> {
    // Message handlers answer through their transport's own filter, never with HTTP.
    if (host.getType() !== 'http') return throwError(() => exception);
    const http = host.switchToHttp();
    const reply = http.getResponse<GatewayReply>();
    const { status, body, unexpected, retryAfterSeconds } = toErrorResponse(exception);
    if (unexpected) this.logFault(reply, exception);
    if (reply.sent || reply.raw.headersSent) {
      reply.raw.end();
      return;
    }
    if (retryAfterSeconds !== undefined) void reply.header('Retry-After', String(retryAfterSeconds));
    void reply.status(status).send(body);
  }

  private logFault(reply: GatewayReply, exception: unknown): void {
    const error =
      exception instanceof Error ? exception : new Error(`Non-error thrown: ${String(exception)}`);
    if (isLogged(reply.raw)) {
      (reply.raw as ResponseWithFault).err = error;
    } else {
      this.fallbackLogger.error(error.message, error.stack);
    }
  }
}
