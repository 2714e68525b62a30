/** What the guard reads of an error an adapter threw: adapters' faults carry these (UspsFault does). */
export interface RetriableFault {
  retriable: true;
  status?: number;
  retryAfterSeconds?: number;
}

export function isRetriableFault(error: unknown): error is RetriableFault {
  return typeof error === 'object' && error !== null && (error as RetriableFault).retriable === true;
}

/** A 429: the carrier is up, the account is over its quota (the limits, not the circuit, deal with it). */
export const isRateLimited = (fault: RetriableFault) => fault.status === 429;
