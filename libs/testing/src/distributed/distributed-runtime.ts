import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, temporaryDataDir } from '../runtime-process';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { type AppProcess, DISTRIBUTED_APPS, type DistributedAppName, startAppProcess } from './app-process';
import { startTestBroker, type TestBroker } from './test-broker';

export interface DistributedRuntime {
  /** The gateway's address: the only door a client uses. */
  baseUrl: string;
  broker: TestBroker;
  apps: Record<DistributedAppName, AppProcess>;
  /** Stops every app, then the broker, and drops the databases and data folders. */
  stop(): Promise<void>;
}

export interface DistributedRuntimeOptions {
  /** Added to every app's environment. */
  env?: Record<string, string>;
  /** Added to one app's environment. */
  appEnv?: Partial<Record<DistributedAppName, Record<string, string>>>;
}

/**
 * The distributed runtime as it runs in production, on one machine: a Kafka broker and the six
 * apps as separate processes started side by side, each with its own PostgreSQL database (created
 * by createTestDatabase) and its own data folder. Resolves once every app has joined the broker
 * and serves its handlers and the gateway answers /health.
 */
export async function startDistributedRuntime(
  options: DistributedRuntimeOptions = {},
): Promise<DistributedRuntime> {
  const [broker, port, homes] = await Promise.all([
    startTestBroker(),
    freePort(),
    Promise.all(
      DISTRIBUTED_APPS.map(async (name) => ({
        name,
        database: await createTestDatabase(`dist_${name}`),
        dataDir: temporaryDataDir(`shipping-${name}-`),
      })),
    ),
  ]);
  const baseUrl = `http://127.0.0.1:${port}`;
  const cleanUp = async (apps: AppProcess[]) => {
    await Promise.all(apps.map((app) => app.stop()));
    keepLogs(apps);
    await broker.stop();
    await Promise.all(homes.map(({ database }: { database: TestDatabase }) => database.drop()));
    for (const { dataDir } of homes) rmSync(dataDir, { recursive: true, force: true });
  };
  const started = await Promise.allSettled(
    homes.map(({ name, database, dataDir }) =>
      startAppProcess(name, {
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '0',
        PUBLIC_BASE_URL: baseUrl,
        ...options.env,
        ...options.appEnv?.[name],
        KAFKA_BROKERS: broker.brokers.join(','),
        STORE: 'postgres',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        // Each app's metrics listener on a free port: runtimes of several specs run side by side.
        ...(name === 'gateway' ? { PORT: String(port) } : { METRICS_PORT: '0' }),
      }),
    ),
  );
  const apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await cleanUp(apps);
    throw failure.reason;
  }
  try {
    await waitForHealth(baseUrl);
  } catch (error) {
    await cleanUp(apps);
    throw error;
  }
  return {
    baseUrl,
    broker,
    apps: Object.fromEntries(apps.map((app) => [app.name, app])) as Record<DistributedAppName, AppProcess>,
    stop: () => cleanUp(apps),
  };
}

/** With DISTRIBUTED_LOGS=<folder>, every app's output is kept there as <app>.log, for a failed run. */
function keepLogs(apps: AppProcess[]): void {
  const folder = process.env['DISTRIBUTED_LOGS'];
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const app of apps) writeFileSync(join(folder, `${app.name}.log`), app.output());
}

async function waitForHealth(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${baseUrl}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the gateway at ${baseUrl} did not answer /health within ${timeoutMs} ms`);
}
