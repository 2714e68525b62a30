import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { EnvelopeInterceptor } from './envelope/envelope.interceptor';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';

/**
 * The gateway's one global interceptor: idempotency around the envelope, so an Idempotency-Key
 * stores and replays enveloped bodies. One registration rather than two because Nest wraps the
 * `next` of every interceptor in an AsyncResource of its own, a cost each GET paid for an
 * idempotency step that only POSTs use.
 */
@Injectable()
export class GatewayResponseInterceptor implements NestInterceptor {
  constructor(
    private readonly idempotency: IdempotencyInterceptor,
    private readonly envelope: EnvelopeInterceptor,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    return this.idempotency.intercept(context, { handle: () => this.envelope.intercept(context, next) });
  }
}
