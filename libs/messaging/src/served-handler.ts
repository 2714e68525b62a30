import type { MessageHandler } from '@nestjs/microservices';
import { timedHandler } from './observability/handler-metrics';

/** What Nest's lookup would make of a pattern written as JSON (an object, array or quoted string). */
const WRITTEN_AS_JSON = /^[[{"]/;

/**
 * The handler a server runs for a message's pattern, timed. Our patterns are plain strings, the
 * handlers' own keys, so they are found directly: Nest's lookup JSON-parses every pattern first,
 * and the SyntaxError it throws and catches for each message cost more than the rest of the
 * transport's work. A pattern written as JSON still goes through Nest's lookup.
 */
export function servedHandler(
  handlers: Map<string, MessageHandler>,
  pattern: string,
  nestLookup: (pattern: string) => MessageHandler | null,
): MessageHandler | null {
  const handler = handlers.get(pattern) ?? (WRITTEN_AS_JSON.test(pattern) ? nestLookup(pattern) : null);
  return timedHandler(handler, pattern);
}
