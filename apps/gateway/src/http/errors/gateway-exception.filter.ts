import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { type Observable, throwError } from 'rxjs';
import type { GatewayRequest } from '../gateway-request';
import { toErrorResponse } from './error-response';

/**
 * The one place where errors become HTTP answers: every status and failure envelope comes from
 * toErrorResponse. Unexpected faults go to the request's log line with their stack (the request logger
 * logs `res.err`); the body only ever says "Server error.".
 */
@Catch()
export class GatewayExceptionFilter implements ExceptionFilter {
  private readonly fallbackLogger = new Logger('GatewayExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void | Observable<never> {
    // Message handlers answer through their transport's own filter, never with HTTP.
    if (host.getType() !== 'http') return throwError(() => exception);
    const http = host.switchToHttp();
    const request = http.getRequest<GatewayRequest>();
    const response = http.getResponse<Response>();
    const { status, body, unexpected } = toErrorResponse(exception);
    if (unexpected) this.logFault(request, response, exception);
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(status).json(body);
  }

  private logFault(request: GatewayRequest, response: Response, exception: unknown): void {
    const error =
      exception instanceof Error ? exception : new Error(`Non-error thrown: ${String(exception)}`);
    if ('log' in request && request.log) {
      response.err = error;
    } else {
      this.fallbackLogger.error(error.message, error.stack);
    }
  }
}
