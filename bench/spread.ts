/** The least, the middle (the upper of two) and the greatest of a benchmark's rounds. */
export function spread(values: readonly number[]): { min: number; median: number; max: number } {
  if (values.length === 0) throw new Error('no rounds to spread');
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[sorted.length >> 1], max: sorted[sorted.length - 1] };
}
