import { parseArgs } from 'node:util';

export interface FuzzOptions {
  runs: number;
  seed: number;
}

export class UsageError extends Error {}

export const USAGE = `Requests generated from the OpenAPI document the gateway serves, against the embedded runtime
on a fresh PostgreSQL database (TEST_DATABASE_URL_ADMIN, default the local server): every answer a
success or a documented 4xx in the envelope, and refused requests changing nothing in the database.

  npm run fuzz -- [--runs N] [--seed N]

  --runs N   how many requests (default 20000, at most 1000000)
  --seed N   what is generated (default: drawn at random and printed; a failure prints it too)

Exit code 0 when every answer held, 1 when one did not, 2 a usage error.
`;

function integerOf(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`${name} ${JSON.stringify(text)}: expected a whole number from ${min} to ${max}`);
  return value;
}

export function parseFuzzArgs(argv: string[], randomSeed: () => number): FuzzOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { runs: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  return {
    runs: integerOf('--runs', values.runs ?? '20000', 1, 1_000_000),
    seed:
      values.seed === undefined ? randomSeed() : integerOf('--seed', values.seed, -(2 ** 31), 2 ** 31 - 1),
  };
}
