import { parseArgs } from 'node:util';
import { CREDENTIAL_OPTIONS, credentialsOf, CredentialsFileError } from './credential-options';

/** One admin API call a command line stands for. */
export interface AdminCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  /** How the answer's data is printed. */
  show: 'account' | 'accounts' | 'key' | 'keys' | 'shipper' | 'credit' | 'verified' | 'resealed';
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
      [--credentials-file <file.json | - for stdin>] [credential flags]
  npm run admin -- credentials set <account id> <shipper id> (--credentials-file <file | -> | credential flags)
  npm run admin -- credentials verify <account id> <shipper id>
  npm run admin -- credentials rotate
  npm run admin -- credit add <account id> <amount, e.g. 250.00> --reference <text> [--mode test|live]

Credentials (usps: client_id, client_secret, crid, mid, manifest_mid, payment_account_type EPS or
PERMIT, payment_account_number, permit_zip with PERMIT; ups: client_id, client_secret,
account_number) come from --credentials-file, a JSON object of those fields, or flags named after
them (--client-id, --client-secret, --crid, --mid, --manifest-mid, --payment-account-type,
--payment-account-number, --permit-zip, --account-number), which override the file. Give the
client secret in the file or on stdin: a flag's value shows in the process list and the shell's
history. \`credentials rotate\` reseals every stored credential under the newest CARRIER_CREDENTIAL_KEYS key.

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
  ...CREDENTIAL_OPTIONS,
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
const shipper = (id: string | undefined) => encodeURIComponent(required(id, 'the shipper id'));

function credentials(values: Record<string, string | boolean | undefined>) {
  try {
    return credentialsOf(values);
  } catch (error) {
    if (error instanceof CredentialsFileError) throw new UsageError(error.message);
    throw error;
  }
}

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
        const given = credentials(values);
        return {
          method: 'POST',
          path: `/admin/accounts/${account(rest[0])}/shippers`,
          body: {
            carrier: required(values.carrier, '--carrier'),
            own_integration: values.own === true,
            name: required(values.name, '--name'),
            ...(given === undefined ? {} : { credentials: given }),
          },
          show: 'shipper',
        };
      }
      case 'credentials set': {
        const given = credentials(values);
        if (given === undefined)
          throw new UsageError('Give the credentials: --credentials-file <file | -> or credential flags.');
        return {
          method: 'PUT',
          path: `/admin/accounts/${account(rest[0])}/shippers/${shipper(rest[1])}/credentials`,
          body: { credentials: given },
          show: 'shipper',
        };
      }
      case 'credentials verify':
        return {
          method: 'POST',
          path: `/admin/accounts/${account(rest[0])}/shippers/${shipper(rest[1])}/credentials/verify`,
          body: {},
          show: 'verified',
        };
      case 'credentials rotate':
        return { method: 'POST', path: '/admin/carrier-credentials/reseal', body: {}, show: 'resealed' };
      case 'credit add':
        return {
          method: 'POST',
          path: `/admin/accounts/${account(rest[0])}/credit`,
          body: {
            amount: required(rest[1], 'the amount'),
            reference: required(values.reference, '--reference'),
            // Test credit unless it says live; the service refuses any other mode.
            mode: values.mode ?? 'test',
          },
          show: 'credit',
        };
      default:
        throw new UsageError(`Unknown command: ${command}.`);
    }
  })();
  return { call, json: values.json, help: false };
}
