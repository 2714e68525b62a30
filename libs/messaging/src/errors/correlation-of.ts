/**
 * ` (correlation id …)` when a message carries a request context, for the log lines its failures
 * write: the id ties them to the gateway's request line and to the events the request caused.
 */
export function correlationOf(message: unknown): string {
  const id = (message as { context?: { correlationId?: unknown } } | null | undefined)?.context
    ?.correlationId;
  return typeof id === 'string' ? ` (correlation id ${id})` : '';
}
