import type { MessageHandler } from '@nestjs/microservices';
import { Histogram } from 'prom-client';
import { isObservable, type Observable, tap } from 'rxjs';

/** Seconds; from a cached read (well under 1 ms) to a 1,000-item batch command. */
export const DURATION_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

const durations = {
  command: new Histogram({
    name: 'shipping_command_duration_seconds',
    help: 'Time a command handler took, by message pattern and outcome (ok or the error code)',
    labelNames: ['pattern', 'outcome'],
    buckets: DURATION_BUCKETS,
  }),
  query: new Histogram({
    name: 'shipping_query_duration_seconds',
    help: 'Time a query handler took, by message pattern and outcome (ok or the error code)',
    labelNames: ['pattern', 'outcome'],
    buckets: DURATION_BUCKETS,
  }),
};

export type HandlerKind = keyof typeof durations;

/** The extras `@CommandPattern` and `@QueryPattern` give a handler, read back from it here. */
export interface HandlerExtras {
  kind?: HandlerKind;
}

const timed = new WeakMap<MessageHandler, MessageHandler>();

/**
 * The request handler of `pattern`, timed from its call to its last reply: the seam both transports
 * share, so no interceptor is added to a query (decision 23). Event handlers are returned as they are.
 */
export function timedHandler(handler: MessageHandler | null, pattern: string): MessageHandler | null {
  if (!handler || handler.isEventHandler) return handler;
  let wrapped = timed.get(handler);
  if (!wrapped) {
    wrapped = timeHandler(handler, pattern);
    timed.set(handler, wrapped);
  }
  return wrapped;
}

function timeHandler(handler: MessageHandler, pattern: string): MessageHandler {
  const kind = (handler.extras as HandlerExtras | undefined)?.kind ?? 'command';
  const histogram = durations[kind];
  const wrapped = (async (data: unknown, ctx: unknown) => {
    const stop = histogram.startTimer({ pattern });
    try {
      const result = await handler(data, ctx);
      if (!isObservable(result)) {
        stop({ outcome: 'ok' });
        return result;
      }
      return (result as Observable<unknown>).pipe(
        tap({
          complete: () => stop({ outcome: 'ok' }),
          error: (error) => stop({ outcome: outcomeOf(error) }),
        }),
      );
    } catch (error) {
      stop({ outcome: outcomeOf(error) });
      throw error;
    }
  }) as MessageHandler;
  return Object.assign(wrapped, {
    isEventHandler: handler.isEventHandler,
    extras: handler.extras,
    next: handler.next,
  });
}

/** The code of the error payload that crosses the transport; 'internal' for anything else. */
export function outcomeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'internal';
}
