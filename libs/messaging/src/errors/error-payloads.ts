import type { ErrorPayload } from '@shipping/contracts';

/** What a caller reads when no reply came: it names no service, pattern or host, and invites a retry. */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Try again shortly.';

export const INTERNAL_ERROR_MESSAGE = 'Internal error.';

/** The only thing an unexpected failure tells the caller: its cause stays in the handler's log. */
export function internalErrorPayload(): ErrorPayload {
  return { code: 'internal', message: INTERNAL_ERROR_MESSAGE };
}

/** What a passing fault of the infrastructure tells the caller: try again, and nothing of the cause. */
export function unavailablePayload(): ErrorPayload {
  return { code: 'unavailable', message: UNAVAILABLE_MESSAGE };
}
