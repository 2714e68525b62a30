/** The mode of the API key a request was made with: a test key's work never reaches a real carrier. */
export type KeyMode = 'test' | 'live';

/** Who asks and why: travels with every command and query so events carry correlation ids. */
export interface RequestContext {
  accountId: string;
  /** The gateway's request id; becomes the correlation id of the events a command writes. */
  correlationId: string;
  /**
   * The client's Idempotency-Key on a POST: the receiving app does a command once per account,
   * key, pattern and payload, and answers a repeat with the first reply.
   */
  idempotencyKey?: string;
  /** The admin key behind an admin request (its id, never the key): events record who made the change. */
  actor?: string;
  /**
   * The mode of the API key the request was made with. Unset on admin requests (the admin key has
   * no mode) and on work an app starts of its own; whatever reaches a carrier then counts as a test.
   */
  keyMode?: KeyMode;
}

/** What one app sends another (a command, a query or an event): who asks, and the payload. */
export interface AppMessage<T> {
  context: RequestContext;
  payload: T;
  /**
   * The context's Idempotency-Key, moved here by the idempotent-requests interceptor once it
   * claimed the command, for a handler that keys work of its own by it (instant ship binds its
   * shipment to it). Off the context, it does not travel with the requests the handler sends on.
   */
  claimedIdempotencyKey?: string;
}

/**
 * Whose data a request reaches: the account, in the mode of the key it was made with
 * (decision 101). Work without a key mode (an admin request, work an app starts of its own) is
 * test work, as everything was before keys had modes.
 */
export interface Tenant {
  accountId: string;
  mode: KeyMode;
}

export function tenantOf(context: Pick<RequestContext, 'accountId' | 'keyMode'>): Tenant {
  return { accountId: context.accountId, mode: context.keyMode ?? 'test' };
}
