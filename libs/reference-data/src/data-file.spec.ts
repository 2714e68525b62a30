import { check, checkUnique, checkVersion, ReferenceDataError } from './data-file';
import { REFERENCE_DATA_VERSION, REFERENCE_DATA_VERSIONS } from './index';

describe('reference data files', () => {
  it.each([undefined, 0, 1.5, '1'])('refuse the version %p', (version) => {
    expect(() => checkVersion('x.json', { version })).toThrow(ReferenceDataError);
  });

  it('accept a positive integer version', () => {
    expect(checkVersion('x.json', { version: 3 })).toBe(3);
  });

  it('refuse duplicate keys, naming the file', () => {
    expect(() => checkUnique('x.json', [{ code: 'a' }, { code: 'a' }], (row) => row.code)).toThrow(
      'Reference data x.json: duplicate key a',
    );
  });

  it('refuse a broken invariant', () => {
    expect(() => check('x.json', false, 'bad')).toThrow('Reference data x.json: bad');
  });

  it('name every loaded file with its version', () => {
    expect(Object.values(REFERENCE_DATA_VERSIONS).every((version) => version >= 1)).toBe(true);
    expect(REFERENCE_DATA_VERSION).toContain('hazmat_matrices@1');
  });
});
