import { mod10CheckDigit, sandboxTrackingNumber } from './sandbox-tracking-number';

describe('sandbox tracking numbers', () => {
  it('are 22 digits starting with 9400', () => {
    for (const itemId of ['a', 'jR3kT9', 'item-1000', 'Zz_-09']) {
      expect(sandboxTrackingNumber(itemId)).toMatch(/^9400\d{18}$/);
    }
  });

  it('are the same for the same item id', () => {
    expect(sandboxTrackingNumber('jR3kT9')).toBe(sandboxTrackingNumber('jR3kT9'));
  });

  it('differ between items: no collision among 10,000 ids', () => {
    const numbers = new Set(
      Array.from({ length: 10_000 }, (_, index) => sandboxTrackingNumber(`item-${index}`)),
    );
    expect(numbers.size).toBe(10_000);
  });

  it('end in the USPS mod-10 check digit (the GS1 one: UPC 0 12345 67890 5)', () => {
    expect(mod10CheckDigit('01234567890')).toBe('5');
    expect(mod10CheckDigit('940010000000000000000')).toBe('6');
    const number = sandboxTrackingNumber('jR3kT9');
    expect(number.slice(-1)).toBe(mod10CheckDigit(number.slice(0, -1)));
  });
});
