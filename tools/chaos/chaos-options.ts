import { parseArgs } from 'node:util';
import { FAULT_KINDS, type FaultKind } from './fault-schedule';

export interface ChaosOptions {
  seed: number;
  minutes: number;
  settleSeconds: number;
  faultKinds: FaultKind[];
}

export class UsageError extends Error {}

export const USAGE = `A fault campaign against the distributed runtime on this machine (loopback only): two instances
of every app under load while faults are injected at times drawn from the seed; then the invariants.

  npm run chaos -- [--seed N] [--minutes M] [--settle-seconds S] [--faults kind,...]

  --seed N             the schedule of faults (default: drawn at random and printed)
  --minutes M          how long the load runs, with faults (default 3, at most 60)
  --settle-seconds S   the most the system is given to settle before the checks (default 180)
  --faults kind,...    only these kinds (default all): ${FAULT_KINDS.join(', ')}

Exit code 0 when every invariant held, 1 when one broke (or the system did not settle), 2 a usage error.
`;

function numberOf(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max)
    throw new UsageError(`${name} ${JSON.stringify(text)}: expected a number from ${min} to ${max}`);
  return value;
}

export function parseChaosArgs(argv: string[], randomSeed: () => number): ChaosOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        seed: { type: 'string' },
        minutes: { type: 'string' },
        'settle-seconds': { type: 'string' },
        faults: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  return {
    seed:
      values.seed === undefined ? randomSeed() : Math.trunc(numberOf('--seed', values.seed, 0, 2 ** 32 - 1)),
    minutes: numberOf('--minutes', values.minutes ?? '3', 0.5, 60),
    settleSeconds: numberOf('--settle-seconds', values['settle-seconds'] ?? '180', 10, 1800),
    faultKinds: values.faults === undefined ? [...FAULT_KINDS] : kindsOf(values.faults),
  };
}

function kindsOf(text: string): FaultKind[] {
  const kinds = text.split(',').map((kind) => kind.trim());
  const unknown = kinds.filter((kind) => !(FAULT_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0 || kinds.length === 0)
    throw new UsageError(`--faults ${JSON.stringify(text)}: expected some of ${FAULT_KINDS.join(', ')}`);
  return kinds as FaultKind[];
}
