/** Who asks and why: travels with every command and query so events carry correlation ids. */
export interface RequestContext {
  accountId: string;
  /** The gateway's request id; becomes the correlation id of the events a command writes. */
  correlationId: string;
}

export interface Envelope<T> {
  context: RequestContext;
  payload: T;
}
