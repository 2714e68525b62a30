declare module 'kafkajs/src/network/requestQueue' {
  interface PushedRequest {
    entry: { correlationId: number; resolve(answer: unknown): void; reject(error: unknown): void };
    expectResponse: boolean;
    sendRequest(): void;
  }

  /** kafkajs' per-connection queue of requests (internal, untyped upstream): the parts used here. */
  class RequestQueue {
    constructor(options: {
      maxInFlightRequests?: number | null;
      requestTimeout: number;
      enforceRequestTimeout: boolean;
      clientId: string;
      broker: string;
      logger: Record<'debug' | 'info' | 'warn' | 'error', (...args: unknown[]) => void>;
    });
    pending: unknown[];
    throttledUntil: number;
    throttleCheckTimeoutId: NodeJS.Timeout | null;
    push(request: PushedRequest): void;
    fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
    maybeThrottle(clientSideThrottleTimeMs: number | null): void;
    checkPendingRequests(): void;
    scheduleCheckPendingRequests(): void;
    destroy(): void;
  }
  export = RequestQueue;
}
