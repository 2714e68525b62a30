import RequestQueue = require('kafkajs/src/network/requestQueue');
import { stopIdleRequestQueueSpin } from './idle-request-queue';

const quiet = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

function queue(maxInFlightRequests: number | null = null) {
  return new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'idle-request-queue-spec',
    broker: '127.0.0.1:9092',
    logger: quiet,
  });
}

/** Pushes a request and answers how many times it was written to the socket. */
function push(requests: RequestQueue, correlationId: number): { sent: number } {
  const written = { sent: 0 };
  requests.push({
    entry: { correlationId, resolve: () => undefined, reject: () => undefined },
    expectResponse: true,
    sendRequest: () => written.sent++,
  });
  return written;
}

const answer = (requests: RequestQueue, correlationId: number) =>
  requests.fulfillRequest({ correlationId, payload: Buffer.alloc(0), size: 0 });

describe('stopIdleRequestQueueSpin', () => {
  beforeAll(() => stopIdleRequestQueueSpin());
  afterEach(() => jest.useRealTimers());

  it('leaves a connection whose requests were all answered without a timer', () => {
    const requests = queue();
    push(requests, 1);
    answer(requests, 1);
    expect(requests.throttleCheckTimeoutId).toBeNull();
  });

  it('sends a request held back by the in-flight limit once an answer frees the slot', () => {
    const requests = queue(1);
    const first = push(requests, 1);
    const second = push(requests, 2);
    expect([first.sent, second.sent]).toEqual([1, 0]);
    answer(requests, 1);
    expect(second.sent).toBe(1);
    requests.destroy();
  });

  it('sends a request held back by a broker throttle when the throttle ends', () => {
    jest.useFakeTimers();
    const requests = queue();
    requests.maybeThrottle(50);
    const held = push(requests, 1);
    jest.advanceTimersByTime(40);
    expect(held.sent).toBe(0);
    jest.advanceTimersByTime(20);
    expect(held.sent).toBe(1);
    requests.destroy();
  });
});
