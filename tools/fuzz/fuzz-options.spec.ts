import { parseFuzzArgs, UsageError } from './fuzz-options';

describe('npm run fuzz options', () => {
  it('takes the runs and the seed, drawing a seed when none is given', () => {
    expect(parseFuzzArgs(['--runs', '20000', '--seed', '42'], () => 7)).toEqual({ runs: 20000, seed: 42 });
    expect(parseFuzzArgs([], () => 7)).toEqual({ runs: 20000, seed: 7 });
    expect(parseFuzzArgs(['--help'], () => 7)).toBe('help');
  });

  it('refuses runs and seeds that are not whole numbers in range, and unknown options', () => {
    for (const argv of [['--runs', '0'], ['--runs', '1.5'], ['--seed', 'x'], ['--seed', '1e10'], ['--fast']])
      expect(() => parseFuzzArgs(argv, () => 7)).toThrow(UsageError);
  });
});
