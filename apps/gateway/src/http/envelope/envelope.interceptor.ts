import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  StreamableFile,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { map, type Observable } from 'rxjs';
import { successEnvelope } from './envelope';
import { JSON_CONTENT_TYPE, SerialisedSuccess } from './serialised-success';

/**
 * Wraps what a controller returns in the success envelope; files and message replies pass as they
 * are, and an envelope already serialised goes out as its text with its own ETag.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return next.handle().pipe(map((result) => this.envelope(result, context)));
  }

  private envelope(result: unknown, context: ExecutionContext): unknown {
    if (result instanceof StreamableFile) return result;
    if (!(result instanceof SerialisedSuccess)) return successEnvelope(result);
    const { httpAdapter } = this.adapterHost;
    const response: unknown = context.switchToHttp().getResponse();
    httpAdapter.setHeader(response, 'Content-Type', JSON_CONTENT_TYPE);
    httpAdapter.setHeader(response, 'ETag', result.etag);
    return result.text;
  }
}
