/** Money is integer cents end to end; decimal strings exist only at the edge. */
export type Cents = number;

export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses "12.34" / "12.3" / "12" into cents without going through a float. */
export function parseCents(amount: string): Cents {
  const match = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`Not a decimal amount: ${amount}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** `amount * basisPoints / 10000`, rounded half up, in integers only. */
export function applyBasisPoints(amount: Cents, basisPoints: number): Cents {
  return Math.floor((amount * basisPoints + 5000) / 10000);
}
