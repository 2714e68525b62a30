import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Every app of the distributed runtime; the gateway starts last, once the others are ready. */
export const APPS = ['order', 'pickup', 'batch', 'label', 'webhook', 'gateway'] as const;
export type AppName = (typeof APPS)[number];

export const MAX_INSTANCES = 32;
export const DEFAULT_KAFKA_PORT = 19092;
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432';

export interface LauncherOptions {
  instances: Record<AppName, number>;
  /** KAFKA_PARTITIONS, which the apps read too: the partitions of the topics they create. */
  kafkaPartitions: number;
  kafkaPort: number;
  /** Each app's database is `<prefix><app>` on the server of `databaseUrl`. */
  databasePrefix: string;
  databaseUrl: string;
  /** The broker's data, the label files and the processes' logs. */
  dataDir: string;
  /** Drop the databases and the data folder before starting. */
  fresh: boolean;
  /** Where the gateways listen, together. */
  host: string;
  port: number;
}

/** A command line or environment the launcher refuses: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export const USAGE = `Runs the distributed runtime on this machine: a Kafka broker (tools/kafka), each app's database on
the local PostgreSQL, and every app as processes of its own, in sandbox mode with the sandbox seed.

  npm run start:distributed -- [options]

  --instances <N | app=N,...>  processes per app: 2 runs two of every app, label=3,batch=2 three label
                               and two batch processes and one of each other app (1 to ${MAX_INSTANCES})
  --kafka-port <port>          the broker's port (default ${DEFAULT_KAFKA_PORT})
  --data-dir <dir>             broker data, label files and logs (default data/distributed)
  --database-prefix <prefix>   databases <prefix><app> (default shipping_)
  --fresh                      drop those databases and the data folder first
  -h, --help                   this text

Environment: PORT (default 3000) and HOST (default 127.0.0.1) where the gateways listen;
DATABASE_URL the PostgreSQL server (default ${DEFAULT_DATABASE_URL}); KAFKA_PARTITIONS
(default 12) the partitions of new topics, and so the most processes of an app that share its work;
anything else is passed to every app (docs/operations.md). SIGINT or SIGTERM stops every process, the broker last.
`;

const OPTIONS = {
  instances: { type: 'string' },
  'kafka-port': { type: 'string' },
  'data-dir': { type: 'string' },
  'database-prefix': { type: 'string' },
  fresh: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The command line and environment as options, `help` when usage was asked for; throws UsageError. */
export function parseLauncherArgs(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): LauncherOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  return {
    instances: parseInstances(values.instances ?? '1'),
    kafkaPartitions: parsePartitions(env['KAFKA_PARTITIONS']?.trim() || '12'),
    kafkaPort: parsePort('--kafka-port', values['kafka-port'] ?? String(DEFAULT_KAFKA_PORT)),
    databasePrefix: parseDatabasePrefix(values['database-prefix'] ?? 'shipping_'),
    databaseUrl: parseDatabaseUrl(env['DATABASE_URL']?.trim() || DEFAULT_DATABASE_URL),
    dataDir: resolve(cwd, values['data-dir'] ?? 'data/distributed'),
    fresh: values.fresh ?? false,
    host: env['HOST']?.trim() || '127.0.0.1',
    port: parsePort('PORT', env['PORT']?.trim() || '3000'),
  };
}

/** `N` for every app, `app=N` for one, comma-separated; a later item wins over a bare `N`. */
export function parseInstances(text: string): Record<AppName, number> {
  const refuse = (why: string) =>
    new UsageError(
      `--instances ${JSON.stringify(text)}: ${why}. Give a number for every app (2) or app=N pairs ` +
        `separated by commas (label=3,batch=2); apps: ${APPS.join(', ')}`,
    );
  const counts = Object.fromEntries(APPS.map((app) => [app, 1])) as Record<AppName, number>;
  const named = new Set<string>();
  let everyApp: number | undefined;
  for (const item of text.split(',').map((one) => one.trim())) {
    if (item === '') throw refuse('an empty item');
    const equals = item.indexOf('=');
    const app = equals < 0 ? undefined : item.slice(0, equals);
    const count = item.slice(equals + 1);
    if (!/^\d+$/.test(count) || Number(count) < 1 || Number(count) > MAX_INSTANCES) {
      throw refuse(`${JSON.stringify(count)} is not a number of instances from 1 to ${MAX_INSTANCES}`);
    }
    if (app === undefined) {
      if (everyApp !== undefined) throw refuse('the number for every app is given twice');
      everyApp = Number(count);
      continue;
    }
    if (!(APPS as readonly string[]).includes(app)) throw refuse(`there is no app ${JSON.stringify(app)}`);
    if (named.has(app)) throw refuse(`${app} is given twice`);
    named.add(app);
    counts[app as AppName] = Number(count);
  }
  for (const app of APPS) if (!named.has(app) && everyApp !== undefined) counts[app] = everyApp;
  return counts;
}

function parsePartitions(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 1000) {
    throw new UsageError(
      `KAFKA_PARTITIONS ${JSON.stringify(text)}: expected a number of partitions from 1 to 1000`,
    );
  }
  return Number(text);
}

function parsePort(name: string, text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) {
    throw new UsageError(`${name} ${JSON.stringify(text)}: expected a port from 1 to 65535`);
  }
  return port;
}

/** PostgreSQL folds unquoted names to lower case and allows 63 bytes: room is left for the app's name. */
function parseDatabasePrefix(prefix: string): string {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) {
    throw new UsageError(
      `--database-prefix ${JSON.stringify(prefix)}: expected lower-case letters, digits and _, ` +
        'starting with a letter or _, at most 41 characters',
    );
  }
  return prefix;
}

function parseDatabaseUrl(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || url.hostname === '') {
    // Not echoed: it may hold a password.
    throw new UsageError('DATABASE_URL: expected the PostgreSQL server as postgres://user@host:port');
  }
  return text;
}
