/**
 * Everything crosses the in-process transport as JSON text, as it would cross Kafka: sender and
 * handler never share an object, a handler cannot mutate its caller's data, and Dates arrive as
 * ISO strings. Code that passes here does not break when the Kafka transport drops in.
 */
export function encode(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

export function decode(text: string): unknown {
  return JSON.parse(text);
}
