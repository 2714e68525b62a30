import type { LoggerService } from '@nestjs/common';
import type { BaseRpcContext, MessageHandler } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import { stackOf } from './errors/stack-of';

/**
 * Runs the `@EventPattern` handler of a pattern, if any, the way every transport here does. Nest
 * chains every handler of one pattern behind the first, so calling it runs them all; awaiting what
 * it returns subscribes to their Observables and brings their failures here, where they are logged:
 * an event's emitter is never told.
 */
export async function runEventHandler(
  handler: MessageHandler | null | undefined,
  pattern: string,
  data: unknown,
  context: BaseRpcContext,
  logger: LoggerService,
): Promise<void> {
  if (!handler) return;
  try {
    const result: unknown = await handler(data, context);
    if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
  } catch (error) {
    logger.error(`An event handler for pattern "${pattern}" failed.`, stackOf(error));
  }
}
