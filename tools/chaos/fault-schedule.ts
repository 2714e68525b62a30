import { pick, seededRandom } from './seeded-random';

/** The faults a campaign injects. */
export const FAULT_KINDS = [
  'kill-instance',
  'restart-broker',
  'terminate-pg-backends',
  'stop-redis',
  'stall-webhook-receiver',
  'carrier-errors',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const KILLABLE_APPS = ['gateway', 'order', 'pickup', 'batch', 'label', 'webhook'] as const;
export type KillableApp = (typeof KILLABLE_APPS)[number];

export interface PlannedFault {
  /** From the start of the load. */
  atMs: number;
  kind: FaultKind;
  /** kill-instance: which app and which of its instances (0-based). */
  app?: KillableApp;
  instance?: number;
  /** How long the fault lasts: down time of Redis, a stall, USPS's errors, the pause before a killed instance restarts. */
  durationMs: number;
}

/** A kill has twelve targets, each other kind one: kills are drawn twice as often. */
const drawnFrom = (kinds: readonly FaultKind[]) =>
  kinds.includes('kill-instance') ? ['kill-instance' as const, ...kinds] : [...kinds];

/** Faults keep clear of the first and last few seconds so the load starts and the system recovers. */
const LEAD_MS = 10_000;
const TAIL_MS = 15_000;

/**
 * The faults of a campaign from its seed alone: about one every `meanGapMs`, kinds (of `kinds`)
 * and targets drawn at random, so the same seed, length and kinds give the same schedule.
 */
export function planFaults(
  seed: number,
  loadMs: number,
  instances: number,
  kinds: readonly FaultKind[] = FAULT_KINDS,
  meanGapMs = 12_000,
): PlannedFault[] {
  const random = seededRandom(seed);
  const drawn = drawnFrom(kinds);
  const faults: PlannedFault[] = [];
  for (let at = LEAD_MS + random() * meanGapMs; at < loadMs - TAIL_MS; at += meanGapMs * (0.5 + random())) {
    const kind = pick(random, drawn);
    const durationMs = Math.round(2_000 + random() * 6_000);
    const fault: PlannedFault = { atMs: Math.round(at), kind, durationMs };
    if (kind === 'kill-instance') {
      fault.app = pick(random, KILLABLE_APPS);
      fault.instance = Math.floor(random() * instances);
    }
    faults.push(fault);
  }
  return faults;
}

export function describeFault(fault: PlannedFault): string {
  const target = fault.app === undefined ? '' : ` ${fault.app}#${(fault.instance ?? 0) + 1}`;
  return `${(fault.atMs / 1000).toFixed(1).padStart(6)} s  ${fault.kind}${target} for ${(fault.durationMs / 1000).toFixed(1)} s`;
}
