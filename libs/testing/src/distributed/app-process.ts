import { type ChildProcess, spawn } from 'node:child_process';
import { boundToTestProcess, heldOpen, stopWithin } from '../child-stop';
import { REPO_ROOT, TS_RUNTIME } from '../runtime-process';

export const DISTRIBUTED_APPS = ['gateway', 'order', 'pickup', 'batch', 'label', 'webhook'] as const;
export type DistributedAppName = (typeof DISTRIBUTED_APPS)[number];

export interface AppProcess {
  name: DistributedAppName;
  /** The app's own database and data folder, kept across restarts. */
  databaseUrl: string;
  dataDir: string;
  pid(): number;
  running(): boolean;
  /** Where this run serves /metrics and /health/*: its metrics listener, or the gateway's own port. */
  metricsUrl(): string;
  /** Everything this app printed, over all its runs. */
  output(): string;
  /** A crash: SIGKILL, no shutdown hooks. */
  kill(): Promise<void>;
  /** SIGTERM; resolves once the process exited. */
  stop(): Promise<void>;
  /** Starts it again with the same environment and waits until it serves its handlers. */
  restart(): Promise<void>;
}

const STARTED = /"msg":"started"/;
const STARTED_LINE = /^\{.*"msg":"started".*\}$/m;

/** One app's `src/main.ts` as a real process; resolves once it joined the broker and serves its handlers. */
export async function startAppProcess(
  name: DistributedAppName,
  env: Record<string, string>,
  startTimeoutMs = 90_000,
): Promise<AppProcess> {
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let output = '';
  let metricsPort = Number(env['PORT'] ?? 0);
  const launch = async () => {
    const started = spawn(process.execPath, [...TS_RUNTIME, `apps/${name}/src/main.ts`], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    boundToTestProcess(started);
    child = started;
    exited = new Promise((done) => started.once('exit', done));
    const from = output.length;
    started.stdout?.on('data', (chunk) => (output += chunk));
    started.stderr?.on('data', (chunk) => (output += chunk));
    await waitUntil(
      () => STARTED.test(output.slice(from)),
      started,
      name,
      () => output.slice(from),
      startTimeoutMs,
    );
    const line = STARTED_LINE.exec(output.slice(from))?.[0];
    const port = line ? (JSON.parse(line) as { metricsPort?: number }).metricsPort : undefined;
    if (port) metricsPort = port;
  };
  const kill = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await heldOpen(exited);
  };
  const stop = async () => {
    if (!child) return;
    if (!(await stopWithin(child, exited)))
      output += `\n[harness] the ${name} app did not exit on SIGTERM; it was killed\n`;
  };
  await launch();
  return {
    name,
    databaseUrl: env['DATABASE_URL'] ?? '',
    dataDir: env['DATA_DIR'] ?? '',
    pid: () => child?.pid ?? 0,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    metricsUrl: () => `http://127.0.0.1:${metricsPort}/metrics`,
    output: () => output,
    kill,
    stop,
    restart: async () => {
      await stop();
      await launch();
    },
  };
}

async function waitUntil(
  ready: () => boolean,
  child: ChildProcess,
  name: string,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the ${name} app exited (${child.exitCode ?? child.signalCode}) while starting:\n${output()}`,
      );
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the ${name} app did not start within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}
