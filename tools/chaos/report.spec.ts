import type { CampaignReport } from './campaign';
import { formatReport, held } from './report';

const report = (broken: string[], settled = true): CampaignReport => ({
  seed: 9,
  minutes: 2,
  faultKinds: ['kill-instance'],
  faultsByKind: new Map([['kill-instance', 3]]),
  faultsSkipped: 0,
  operations: 120,
  settled,
  invariants: [
    { name: 'one charge per shipped batch', checked: 12, broken: [] },
    { name: 'nothing parked (no poison injected)', checked: 6, broken },
  ],
  elapsedMs: 150_000,
});

describe('the campaign report', () => {
  it('prints one line per invariant and a total line', () => {
    const text = formatReport(report([]));
    expect(text).toContain('held       12 checked  one charge per shipped batch\n');
    expect(text).toContain('faults injected: kill-instance 3');
    expect(text).toMatch(/total: 2 invariants held \(seed 9\)\n$/);
    expect(held(report([]))).toBe(true);
  });

  it('says what broke and how to replay it, and a campaign that did not settle has not held', () => {
    const text = formatReport(report(['order order.webhooks parked event e1']));
    expect(text).toContain(
      'BROKEN      6 checked  nothing parked (no poison injected)\n         order order.webhooks parked event e1\n',
    );
    expect(text).toContain(
      'total: 1 of 2 invariants broken (replay with --seed 9 --minutes 2 --faults kill-instance)',
    );
    expect(held(report(['x']))).toBe(false);
    expect(held(report([], false))).toBe(false);
  });
});
