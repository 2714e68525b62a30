import {
  attemptOutcome,
  carrierName,
  dateTimeText,
  moneyText,
  percentValue,
  rowRange,
  timeWindow,
} from './format';

describe('display forms', () => {
  it('names carriers as they are written', () => {
    expect(['fedex', 'ups', 'dhl', 'usps', 'acme'].map(carrierName)).toEqual([
      'FedEx',
      'UPS',
      'DHL',
      'USPS',
      'ACME',
    ]);
  });

  it.each([
    ['0%', 0],
    ['37%', 37],
    ['100%', 100],
    ['250%', 100],
    ['', 0],
    ['12.5%', 0],
  ])('reads completion %p as %p', (text, value) => {
    expect(percentValue(text)).toBe(value);
  });

  it('shows a pickup window only when both ends are known', () => {
    expect(timeWindow('09:00', '17:30')).toBe('09:00–17:30');
    expect(timeWindow(null, null)).toBe('—');
  });

  it('tells which rows a page holds', () => {
    expect(rowRange('Orders', { from: 21, to: 40 })).toBe('Orders 21–40');
    expect(rowRange('Orders', { from: null, to: null })).toBe('No orders');
  });

  it('shows instants in UTC and leaves what is no date as it is', () => {
    expect(dateTimeText('2026-12-01T15:04:05.000Z')).toBe('2026-12-01 15:04 UTC');
    expect(dateTimeText('2026-12-01T23:30:00+02:00')).toBe('2026-12-01 21:30 UTC');
    expect(dateTimeText('soon')).toBe('soon');
  });
});

describe('attemptOutcome', () => {
  it('is the HTTP status when an answer came, the reason when none did', () => {
    expect(attemptOutcome({ status_code: 204, error: null })).toBe('HTTP 204');
    expect(attemptOutcome({ status_code: null, error: 'no response within 10000 ms' })).toBe(
      'no response within 10000 ms',
    );
    expect(attemptOutcome(undefined)).toBe('Not tried yet');
  });
});

describe('moneyText', () => {
  it.each([
    ['0.00', '$0.00'],
    ['5.00', '$5.00'],
    ['1234.56', '$1,234.56'],
    ['100000.00', '$100,000.00'],
    ['-12.34', '-$12.34'],
    ['1234567890.01', '$1,234,567,890.01'],
  ])('shows %s as %s', (amount, text) => expect(moneyText(amount)).toBe(text));

  it('leaves what is not a decimal amount as it is', () => expect(moneyText('n/a')).toBe('n/a'));
});
