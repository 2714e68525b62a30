import { sample } from 'openapi-sampler';

/** The envelope of every example: a request id, an account and a trace that read like real ones. */
const EXAMPLE_ENVELOPE = {
  id: '3f8a1c2e-6b4d-4e7f-9a10-5c2d8e4b7a61',
  time: '2026-03-02T09:15:00.000Z',
  correlationid: 'req_01HQ7Z4K9V3M2N8P5R6T',
  causationid: 'req_01HQ7Z4K9V3M2N8P5R6T',
  accountid: 'acct_acme',
};

export const EXAMPLE_TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/**
 * A message as the relay publishes it, its payload sampled from the event's JSON Schema (constants,
 * the first of each enum, every optional field) and its envelope filled in like a real one.
 */
export function messageExample(schema: object, key: string) {
  const payload = {
    ...(sample(withoutNullBranches(schema) as never) as object),
    ...EXAMPLE_ENVELOPE,
    subject: key,
  };
  return { key, payload };
}

/** The sampler takes the first branch of an `anyOf`; an example shows the value, not the `null` beside it. */
function withoutNullBranches(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutNullBranches);
  if (typeof schema !== 'object' || schema === null) return schema;
  const entries = Object.entries(schema).map(([key, value]) => [key, withoutNullBranches(value)] as const);
  const copy = Object.fromEntries(entries) as { anyOf?: { type?: unknown }[] };
  const values = copy.anyOf?.filter((branch) => branch.type !== 'null');
  if (values && values.length > 0) copy.anyOf = values;
  return copy;
}
