import type { SubscriptionHandler } from './event-store';

/**
 * A live subscription's `caughtUp`: resolved once, or rejected when the subscription fails or stops
 * first, whichever comes first. Callers that never await it see no unhandled rejection.
 */
export class CaughtUpLatch {
  readonly promise: Promise<void>;
  resolve: () => void = () => undefined;
  reject: (error: unknown) => void = () => undefined;

  constructor() {
    this.promise = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.promise.catch(() => undefined);
  }

  /** A subscription ended by `error`: caughtUp rejects with it and the handler's onError is told. */
  failed(handler: SubscriptionHandler, error: unknown): void {
    this.reject(error);
    try {
      handler.onError?.(error);
    } catch {
      // onError is the last place to report to; its own failure has nowhere to go.
    }
  }

  /** Called when the subscription's loop ends: rejects caughtUp if it was never reached. */
  ended(): void {
    this.reject(new Error('The subscription stopped before it caught up'));
  }
}
