import { parseArgs } from 'node:util';

/** One admin API call a command line stands for. */
export interface AdminCall {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  /** How the answer's data is printed. */
  show: 'account' | 'accounts' | 'key' | 'keys' | 'shipper' | 'credit';
}

export class UsageError extends Error {}

/**
 * The embedded runtime's admin key when ADMIN_API_KEY is unset (SANDBOX_ADMIN_API_KEY of the
 * platform's sandbox defaults, written out so the CLI starts without loading the service).
 */
export const EMBEDDED_SANDBOX_ADMIN_KEY = 'sk_admin_sandbox_embedded';

export const USAGE = `Onboarding through the admin API (ADMIN_API_URL, default http://127.0.0.1:3000; ADMIN_API_KEY).

  npm run admin -- accounts create --name <name> [--weight-unit LBS|KG] [--length-unit IN|CM]
  npm run admin -- accounts show <account id>
  npm run admin -- accounts list [--page <n>]
  npm run admin -- keys create <account id> --mode live|test
  npm run admin -- keys list <account id>
  npm run admin -- keys revoke <account id> <key id>
  npm run admin -- shippers create <account id> --carrier <code> --name <name> (--own | --platform)
  npm run admin -- credit add <account id> <amount, e.g. 250.00> --reference <text>

Add --json to print the answer's data as JSON. Exit codes: 0 done, 1 refused by the service (its
message is printed), 2 a usage error, 3 the service could not be reached or failed.
`;

const OPTIONS = {
  name: { type: 'string' },
  'weight-unit': { type: 'string' },
  'length-unit': { type: 'string' },
  mode: { type: 'string' },
  carrier: { type: 'string' },
  own: { type: 'boolean' },
  platform: { type: 'boolean' },
  reference: { type: 'string' },
  page: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

export interface ParsedCommand {
  call?: AdminCall;
  json: boolean;
  help: boolean;
}

function required(value: string | undefined, what: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`Missing ${what}.`);
  return value;
}

const account = (id: string | undefined) => encodeURIComponent(required(id, 'the account id'));

/** The admin API call of a command line; a UsageError names what is missing or unknown. */
export function parseCommand(argv: string[]): ParsedCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [group, verb, ...rest] = positionals;
  if (values.help || group === undefined) return { json: values.json, help: true };
  const command = `${group} ${verb ?? ''}`.trim();
  const call = ((): AdminCall => {
    switch (command) {
      case 'accounts create':
        return {
          method: 'POST',
          path: '/admin/accounts',
          body: {
            name: required(values.name, '--name'),
            ...(values['weight-unit'] ? { weight_unit: values['weight-unit'].toUpperCase() } : {}),
            ...(values['length-unit'] ? { length_unit: values['length-unit'].toUpperCase() } : {}),
          },
          show: 'account',
        };
      case 'accounts show':
        return { method: 'GET', path: `/admin/accounts/${account(rest[0])}`, show: 'account' };
      case 'accounts list':
        return { method: 'GET', path: `/admin/accounts?page=${values.page ?? 1}`, show: 'accounts' };
      case 'keys create':
        return {
          method: 'POST',
          path: `/admin/accounts/${account(rest[0])}/api-keys`,
          body: { mode: required(values.mode, '--mode (live or test)') },
          show: 'key',
        };
      case 'keys list':
        return { method: 'GET', path: `/admin/accounts/${account(rest[0])}/api-keys`, show: 'keys' };
      case 'keys revoke':
        return {
          method: 'DELETE',
          path: `/admin/accounts/${account(rest[0])}/api-keys/${encodeURIComponent(required(rest[1], 'the key id'))}`,
          show: 'key',
        };
      case 'shippers create': {
        if (values.own === values.platform)
          throw new UsageError('Say whose carrier account it is: --own or --platform.');
        return {
          method: 'POST',
          path: `/admin/accounts/${account(rest[0])}/shippers`,
          body: {
            carrier: required(values.carrier, '--carrier'),
            own_integration: values.own === true,
            name: required(values.name, '--name'),
          },
          show: 'shipper',
        };
      }
      case 'credit add':
        return {
          method: 'POST',
          path: `/admin/accounts/${account(rest[0])}/credit`,
          body: {
            amount: required(rest[1], 'the amount'),
            reference: required(values.reference, '--reference'),
          },
          show: 'credit',
        };
      default:
        throw new UsageError(`Unknown command: ${command}.`);
    }
  })();
  return { call, json: values.json, help: false };
}
