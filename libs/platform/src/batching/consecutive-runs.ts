/**
 * `items` in order, cut into consecutive runs whose sizes add up to at most `maxSize`; an item
 * bigger than that on its own makes a run of its own rather than being dropped.
 */
export function consecutiveRuns<T>(items: readonly T[], sizeOf: (item: T) => number, maxSize: number): T[][] {
  const runs: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = sizeOf(item);
    if (current.length > 0 && size + itemSize > maxSize) {
      runs.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += itemSize;
  }
  if (current.length > 0) runs.push(current);
  return runs;
}
