const encoder = new TextEncoder();

/** The bytes of `value` as JSON (UTF-8), as a store counts an event's data. */
export const jsonBytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;

/**
 * `items` in order, cut into runs of at most `maxBytes` of JSON each; an item larger than that
 * on its own makes a run of its own.
 */
export function chunkByJsonBytes<T>(items: readonly T[], maxBytes: number): T[][] {
  const chunks: T[][] = [];
  let chunk: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = jsonBytes(item) + 1;
    if (chunk.length > 0 && bytes + size > maxBytes) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(item);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
