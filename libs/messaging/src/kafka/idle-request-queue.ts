import RequestQueue = require('kafkajs/src/network/requestQueue');

/** How soon kafkajs looks again at requests held back by its in-flight limit or a throttle. */
const CHECK_PENDING_REQUESTS_MS = 10;

/**
 * kafkajs 2.2.4 checks each connection's queue of held-back requests on a timer that, once the
 * connection had an answer, re-arms itself every millisecond even when nothing waits
 * (tulios/kafkajs#1556, unreleased upstream): every idle consumer, producer and admin connection
 * spins at a thousand timers a second, most of an idle app's CPU. A check is needed only when a
 * request waits (`push` and each answer check again anyway) or a broker throttles the connection;
 * otherwise none is scheduled.
 */
export function stopIdleRequestQueueSpin(): void {
  if (RequestQueue.prototype.scheduleCheckPendingRequests === scheduleCheckOnlyWhenNeeded) return;
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckOnlyWhenNeeded;
}

function scheduleCheckOnlyWhenNeeded(this: RequestQueue): void {
  if (this.throttleCheckTimeoutId) return;
  const throttledFor = this.throttledUntil - Date.now();
  if (this.pending.length === 0 && throttledFor <= 0) return;
  const checkIn = throttledFor > 0 ? throttledFor : CHECK_PENDING_REQUESTS_MS;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, checkIn);
}
