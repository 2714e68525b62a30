/**
 * `commands` carry requests, `events` facts, `replies` the answers to one app's requests, and
 * `stored-events` every event an app stored, for its own instances (the partitioned feed).
 */
export type TopicKind = 'commands' | 'events' | 'replies' | 'stored-events';

/** Topics are named `shipping.<context>.<kind>`, as ARCHITECTURE.md names them. */
export function topicName(context: string, kind: TopicKind): string {
  return `shipping.${context}.${kind}`;
}

/** A pattern's context is its first segment: `batch.ship` belongs to `batch`, `ledger.shipment.charge` to `ledger`. */
export function contextOf(pattern: string): string {
  const dot = pattern.indexOf('.');
  return dot > 0 ? pattern.slice(0, dot) : pattern;
}

/** Every pattern of a context shares its topic; the pattern itself travels in a header. */
export function topicOfPattern(pattern: string, kind: 'commands' | 'events'): string {
  return topicName(contextOf(pattern), kind);
}
