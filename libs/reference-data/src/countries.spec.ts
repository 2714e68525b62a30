import { COUNTRY_CODES, countryName, isCountryCode } from './countries';

describe('countries', () => {
  it('takes every ISO 3166-1 alpha-2 code from the i18n-iso-countries package', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThan(240);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it.each(['US', 'CA', 'DE', 'GB', 'JP', 'BR'])('accepts %s', (code) => {
    expect(isCountryCode(code)).toBe(true);
  });

  it.each(['us', 'Us', 'USA', '840', 'ZZ', 'UK', '', ' US', 5, null, undefined])('refuses %p', (code) => {
    expect(isCountryCode(code)).toBe(false);
  });

  it.each([
    ['FR', 'France'],
    ['GB', 'United Kingdom'],
    ['DE', 'Germany'],
  ])('names %s in English as %s', (code, name) => {
    expect(countryName(code)).toBe(name);
  });

  it('names every code it knows, and no unknown one', () => {
    expect(COUNTRY_CODES.filter((code) => !countryName(code))).toEqual([]);
    expect(countryName('ZZ')).toBeUndefined();
  });
});
