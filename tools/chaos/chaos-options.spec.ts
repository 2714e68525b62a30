import { parseChaosArgs, UsageError } from './chaos-options';
import { FAULT_KINDS } from './fault-schedule';

describe('npm run chaos options', () => {
  const parse = (...argv: string[]) => parseChaosArgs(argv, () => 99);

  it('takes the seed and minutes given, or draws a seed and runs three minutes', () => {
    const every = [...FAULT_KINDS];
    expect(parse('--seed', '7', '--minutes', '2')).toEqual({
      seed: 7,
      minutes: 2,
      settleSeconds: 180,
      faultKinds: every,
    });
    expect(parse()).toEqual({ seed: 99, minutes: 3, settleSeconds: 180, faultKinds: every });
    expect(parse('--faults', 'kill-instance,stop-redis')).toMatchObject({
      faultKinds: ['kill-instance', 'stop-redis'],
    });
    expect(parse('--help')).toBe('help');
  });

  it('refuses what would not be bounded or is not a number', () => {
    for (const argv of [
      ['--minutes', '0'],
      ['--minutes', '61'],
      ['--seed', 'x'],
      ['--settle-seconds', '-1'],
      ['--what'],
    ])
      expect(() => parse(...argv)).toThrow(UsageError);
  });
});
