/** What the guard reads of an error an adapter threw: adapters' faults carry these (UspsFault does). */
export interface RetriableFault {
  retriable: true;
  status?: number;
  retryAfterSeconds?: number;
  /**
   * The carrier surely did not act on the request (the connection was refused before it was sent,
   * a 429): repeating it cannot buy twice. A fault without it may have been acted on.
   */
  unprocessed?: boolean;
}

export function isRetriableFault(error: unknown): error is RetriableFault {
  return typeof error === 'object' && error !== null && (error as RetriableFault).retriable === true;
}

/** A 429: the carrier is up, the account is over its quota (the limits, not the circuit, deal with it). */
export const isRateLimited = (fault: RetriableFault) => fault.status === 429;

const NOT_CALLED = Symbol('the carrier was not called');

/** Marks an error the guard met before calling the carrier (an open circuit, the limit store down). */
export function notCalled<E>(error: E): E {
  if (typeof error === 'object' && error !== null) Object.assign(error, { [NOT_CALLED]: true });
  return error;
}

/** Whether the carrier surely did not act on the call that threw `error`. */
export function surelyUnprocessed(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ((error as { [NOT_CALLED]?: boolean })[NOT_CALLED] === true) return true;
  return isRetriableFault(error) && error.unprocessed === true;
}
