/** A figure beside its target: `met` or `missed`, for the benchmarks' printed tables. */
export const verdict = (met: boolean): string => (met ? 'met' : 'missed');

export const atMost = (figure: number, target: number): string => verdict(figure <= target);

export const atLeast = (figure: number, target: number): string => verdict(figure >= target);
