import { isBlank, isBlankList, isDateYmd, isDigitsBetween, isInteger, isTimeHi } from './formats';

describe('isDateYmd', () => {
  it.each(['2026-12-01', '2024-02-29', '2026-01-31', '0999-05-05'])(
    'accepts the calendar day %p',
    (value) => {
      expect(isDateYmd(value)).toBe(true);
    },
  );

  it.each(['2026-02-30', '2023-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00'])(
    'refuses %p, which is no calendar day',
    (value) => {
      expect(isDateYmd(value)).toBe(false);
    },
  );

  it.each([
    '12/01/2026',
    '01-12-2026',
    '2026/12/01',
    '2026-1-01',
    '2026-12-1',
    ' 2026-12-01',
    '2026-12-01T00:00:00Z',
    '',
  ])('refuses %p, which is not Y-m-d', (value) => {
    expect(isDateYmd(value)).toBe(false);
  });

  it.each([20261201, null, undefined, ['2026-12-01']])('refuses the non-string %p', (value) => {
    expect(isDateYmd(value)).toBe(false);
  });
});

describe('isTimeHi', () => {
  it.each(['00:00', '08:30', '12:00', '23:59'])('accepts %p', (value) => {
    expect(isTimeHi(value)).toBe(true);
  });

  it.each(['24:00', '23:60', '8:30', '08:5', '08:30:00', '0830', '08.30', ' 08:30', '', 830])(
    'refuses %p',
    (value) => {
      expect(isTimeHi(value)).toBe(false);
    },
  );
});

describe('isDigitsBetween', () => {
  it.each(['2125550100', '123456789012345'])('accepts %p within 10-15 digits', (value) => {
    expect(isDigitsBetween(value, 10, 15)).toBe(true);
  });

  it.each([
    '212555010',
    '1234567890123456',
    '+12125550100',
    '212-555-0100',
    '(212) 5550100',
    '２１２５５５０１００',
  ])('refuses %p', (value) => {
    expect(isDigitsBetween(value, 10, 15)).toBe(false);
  });
});

describe('isInteger', () => {
  it.each([
    [1, true],
    [0, true],
    [1.5, false],
    ['1', false],
    [1e300, false],
    [Number.NaN, false],
  ])('%p: %p', (value, expected) => {
    expect(isInteger(value)).toBe(expected);
  });
});

describe('isBlank (Laravel required)', () => {
  it.each([undefined, null, '', '   '])('counts %p as absent', (value) => {
    expect(isBlank(value)).toBe(true);
  });

  it.each([0, false, 'x', [], {}])('counts %p as present', (value) => {
    expect(isBlank(value)).toBe(false);
  });

  it('counts an empty list as absent only for list fields', () => {
    expect(isBlankList([])).toBe(true);
    expect(isBlankList([0])).toBe(false);
    expect(isBlankList(null)).toBe(true);
  });
});
