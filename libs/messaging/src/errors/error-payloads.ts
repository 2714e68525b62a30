import type { ErrorPayload } from '@shipping/contracts';

/** What a caller reads when no reply came: it names no service, pattern or host, and invites a retry. */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Try again shortly.';

export const INTERNAL_ERROR_MESSAGE = 'Internal error.';

/** The only thing an unexpected failure tells the caller: its cause stays in the handler's log. */
export function internalErrorPayload(): ErrorPayload {
  return { code: 'internal', message: INTERNAL_ERROR_MESSAGE };
}
