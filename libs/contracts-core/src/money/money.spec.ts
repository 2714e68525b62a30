import { applyBasisPoints, formatCents, parseCents } from './money';

describe('money in integer cents', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1234, '12.34'],
    [100000000, '1000000.00'],
    [-250, '-2.50'],
  ])('formats %p cents as %p', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
    expect(parseCents(text)).toBe(cents);
  });

  it('refuses fractions of a cent rather than rounding them silently', () => {
    expect(() => formatCents(1.5)).toThrow();
    expect(() => parseCents('1.234')).toThrow();
  });

  it('rounds a surcharge half up without floating point', () => {
    expect(applyBasisPoints(1525, 1850)).toBe(282); // 282.125
    expect(applyBasisPoints(1000, 1850)).toBe(185);
    expect(applyBasisPoints(1, 5000)).toBe(1); // 0.5 rounds up
    expect(applyBasisPoints(3, 1667)).toBe(1); // 0.5001
  });
});
