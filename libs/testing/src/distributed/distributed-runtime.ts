import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, temporaryDataDir } from '../runtime-process';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { type AppProcess, DISTRIBUTED_APPS, type DistributedAppName, startAppProcess } from './app-process';
import { startTestBroker, type TestBroker } from './test-broker';

export interface DistributedRuntime {
  /** The first gateway's address: the only door a client uses. */
  baseUrl: string;
  /** Every gateway's address, for a client that spreads its calls over them. */
  gatewayUrls: string[];
  broker: TestBroker;
  /** The first instance of each app. */
  apps: Record<DistributedAppName, AppProcess>;
  /** Every instance of each app, in the order they started. */
  instances: Record<DistributedAppName, AppProcess[]>;
  /** One more instance of an app, on its database and broker: it joins the app's consumer groups. */
  addInstance(name: Exclude<DistributedAppName, 'gateway'>): Promise<AppProcess>;
  /** Stops every app, then the broker, and drops the databases and data folders. */
  stop(): Promise<void>;
}

export interface DistributedRuntimeOptions {
  /** Added to every app's environment. */
  env?: Record<string, string>;
  /** Added to one app's environment. */
  appEnv?: Partial<Record<DistributedAppName, Record<string, string>>>;
  /** Processes per app, 1 by default; each gateway listens on a port of its own. */
  instances?: Partial<Record<DistributedAppName, number>>;
  /** How the broker's listener is secured (broker.mjs's `--sasl-scram`, `--tls`); the apps' KAFKA_* in `env`. */
  brokerArgs?: readonly string[];
}

interface AppHome {
  name: DistributedAppName;
  database: TestDatabase;
}

/**
 * The distributed runtime as it runs in production, on one machine: a Kafka broker and the six
 * apps as separate processes started side by side (as many of each as asked), each app with its
 * own PostgreSQL database (created by createTestDatabase) shared by its instances, and each
 * process with its own data folder. Resolves once every process has joined the broker and serves
 * its handlers and every gateway answers /health.
 */
export async function startDistributedRuntime(
  options: DistributedRuntimeOptions = {},
): Promise<DistributedRuntime> {
  const count = (name: DistributedAppName) => options.instances?.[name] ?? 1;
  const [broker, ports, homes] = await Promise.all([
    startTestBroker(options.brokerArgs),
    Promise.all(Array.from({ length: count('gateway') }, () => freePort())),
    Promise.all(
      DISTRIBUTED_APPS.map(async (name): Promise<AppHome> => ({
        name,
        database: await createTestDatabase(`dist_${name}`),
      })),
    ),
  ]);
  const gatewayUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  const started: AppProcess[] = [];
  const dataDirs: string[] = [];
  const launch = async (home: AppHome, gatewayPort?: number): Promise<AppProcess> => {
    const dataDir = temporaryDataDir(`shipping-${home.name}-`);
    dataDirs.push(dataDir);
    const app = await startAppProcess(home.name, {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      PUBLIC_BASE_URL: gatewayUrls[0],
      ...options.env,
      ...options.appEnv?.[home.name],
      KAFKA_BROKERS: broker.brokers.join(','),
      STORE: 'postgres',
      DATABASE_URL: home.database.url,
      DATA_DIR: dataDir,
      // Each app's metrics listener on a free port: runtimes of several specs run side by side.
      ...(gatewayPort === undefined ? { METRICS_PORT: '0' } : { PORT: String(gatewayPort) }),
    });
    started.push(app);
    return app;
  };
  const cleanUp = async () => {
    await Promise.all(started.map((app) => app.stop()));
    keepLogs(started);
    await broker.stop();
    await Promise.all(homes.map(({ database }) => database.drop()));
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  };
  const launches = homes.flatMap((home) =>
    home.name === 'gateway'
      ? ports.map((port) => launch(home, port))
      : Array.from({ length: count(home.name) }, () => launch(home)),
  );
  const failure = (await Promise.allSettled(launches)).find((result) => result.status === 'rejected');
  if (failure) {
    await cleanUp();
    throw failure.reason;
  }
  try {
    await Promise.all(gatewayUrls.map((url) => waitForHealth(url)));
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const instances = Object.fromEntries(
    DISTRIBUTED_APPS.map((name) => [name, started.filter((app) => app.name === name)]),
  ) as Record<DistributedAppName, AppProcess[]>;
  return {
    baseUrl: gatewayUrls[0],
    gatewayUrls,
    broker,
    apps: Object.fromEntries(DISTRIBUTED_APPS.map((name) => [name, instances[name][0]])) as Record<
      DistributedAppName,
      AppProcess
    >,
    instances,
    addInstance: async (name) => {
      const app = await launch(homes.find((home) => home.name === name) as AppHome);
      instances[name].push(app);
      return app;
    },
    stop: cleanUp,
  };
}

/** With DISTRIBUTED_LOGS=<folder>, every process's output is kept there as <app>-<n>.log, for a failed run. */
function keepLogs(apps: AppProcess[]): void {
  const folder = process.env['DISTRIBUTED_LOGS'];
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const seen = new Map<string, number>();
  for (const app of apps) {
    const n = (seen.get(app.name) ?? 0) + 1;
    seen.set(app.name, n);
    writeFileSync(join(folder, n === 1 ? `${app.name}.log` : `${app.name}-${n}.log`), app.output());
  }
}

async function waitForHealth(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the gateway at ${baseUrl} did not answer /health within ${timeoutMs} ms`);
}
