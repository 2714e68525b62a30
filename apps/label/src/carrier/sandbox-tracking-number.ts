import { createHash } from 'node:crypto';

const PREFIX = '9400';
const SERIAL_DIGITS = 17;

/** The USPS mod-10 check digit: from the right, digits weighted 3, 1, 3, ... */
export function mod10CheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    const digit = Number(digits[digits.length - 1 - index]);
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * A USPS-like tracking number for the sandbox: 22 digits, `9400`, 17 digits from a SHA-256 of the
 * item id, and a check digit. The same item always gets the same number.
 */
export function sandboxTrackingNumber(itemId: string): string {
  const hash = BigInt(`0x${createHash('sha256').update(itemId).digest('hex')}`);
  const serial = (hash % 10n ** BigInt(SERIAL_DIGITS)).toString().padStart(SERIAL_DIGITS, '0');
  const body = `${PREFIX}${serial}`;
  return `${body}${mod10CheckDigit(body)}`;
}
