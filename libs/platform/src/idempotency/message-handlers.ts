import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { HandlerExtras } from '@shipping/messaging';
import { IdempotentRequestsInterceptor } from './idempotent-requests.interceptor';

/** Metadata naming what a message handler is: every `@MessagePattern` handler of an app is one of the two. */
export const MESSAGE_HANDLER_KIND = 'shipping:message-handler-kind';

export type MessageHandlerKind = 'command' | 'query';

/**
 * A request handler that changes state. It runs behind IdempotentRequestsInterceptor, so a
 * command the gateway sends again with the same Idempotency-Key (after losing the reply) is done once.
 */
export const CommandPattern = (pattern: string): MethodDecorator =>
  applyDecorators(
    MessagePattern(pattern, { kind: 'command' } satisfies HandlerExtras),
    SetMetadata(MESSAGE_HANDLER_KIND, 'command' satisfies MessageHandlerKind),
    UseInterceptors(IdempotentRequestsInterceptor),
  );

/**
 * A request handler that only reads. It runs behind no interceptor at all: Nest wraps each
 * interceptor of a request in an async resource of its own, a cost a read has no use for.
 */
export const QueryPattern = (pattern: string): MethodDecorator =>
  applyDecorators(
    MessagePattern(pattern, { kind: 'query' } satisfies HandlerExtras),
    SetMetadata(MESSAGE_HANDLER_KIND, 'query' satisfies MessageHandlerKind),
  );
