import { FAULT_KINDS, planFaults } from './fault-schedule';
import { seededRandom } from './seeded-random';

describe('the fault schedule', () => {
  it('follows from the seed alone: the same seed, the same faults', () => {
    expect(planFaults(42, 600_000, 2)).toEqual(planFaults(42, 600_000, 2));
    expect(planFaults(42, 600_000, 2)).not.toEqual(planFaults(43, 600_000, 2));
  });

  it('keeps inside the load, leaving its start and end clear, and names a target for each kill', () => {
    const faults = planFaults(7, 120_000, 2);
    expect(faults.length).toBeGreaterThan(3);
    for (const fault of faults) {
      expect(fault.atMs).toBeGreaterThanOrEqual(10_000);
      expect(fault.atMs).toBeLessThan(105_000);
      if (fault.kind === 'kill-instance') expect([0, 1]).toContain(fault.instance);
    }
  });

  it('draws every kind over a long campaign', () => {
    const kinds = new Set(planFaults(3, 3_600_000, 2).map((fault) => fault.kind));
    expect([...kinds].sort()).toEqual([...FAULT_KINDS].sort());
  });

  it('draws every kind once in the one-minute campaign of the fault-campaign e2e spec (seed 3921147)', () => {
    const kinds = planFaults(3921147, 60_000, 2).map((fault) => fault.kind);
    expect([...kinds].sort()).toEqual([...FAULT_KINDS].sort());
  });

  it('draws only the kinds asked for', () => {
    const kinds = new Set(
      planFaults(3, 600_000, 2, ['stop-redis', 'restart-broker']).map((fault) => fault.kind),
    );
    expect([...kinds].sort()).toEqual(['restart-broker', 'stop-redis']);
  });

  it('draws numbers in [0, 1)', () => {
    const random = seededRandom(1);
    const draws = Array.from({ length: 1000 }, random);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
  });
});
