import { type ChildProcess, fork } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SHARED_PORT_MESSAGES } from '@shipping/platform/lifecycle';
import type { AppName } from './launcher-options';
import type { ProcessLog } from './process-log';
import { REPO_ROOT, TS_RUNTIME } from './repo-root';

const READY_TIMEOUT_MS = 180_000;
const HEALTH_POLL_MS = 250;
const STOP_GRACE_MS = 20_000;

/** One running process of an app. */
export interface AppInstance {
  pid: number;
  /** Resolves with where it listens once it is ready; rejects if it exits or hangs first. */
  ready: Promise<string>;
  /** Resolves when it exited, with how. */
  exited: Promise<string>;
  /** SIGTERM, then SIGKILL if it has not exited after 20 s. */
  stop(): Promise<void>;
}

const entryOf = (app: AppName) => join(REPO_ROOT, `apps/${app}/src/main.ts`);

/**
 * An app other than the gateway, forked with an IPC channel (see exit-with-launcher.js): ready once
 * it printed its `started` line and its /health/ready answers 200 on its own metrics port.
 */
export function forkApp(app: AppName, env: Record<string, string>, log: ProcessLog): AppInstance {
  const child = fork(entryOf(app), [], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    execArgv: [...TS_RUNTIME, '-r', join(__dirname, 'exit-with-launcher.js')],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const started = new Promise<number>((resolve) => {
    followOutput(child, log, (line) => {
      const port = startedOn(line);
      if (port !== undefined) resolve(port);
    });
  });
  const exited = exitOf(child);
  const host =
    env['METRICS_HOST'] && !['0.0.0.0', '::'].includes(env['METRICS_HOST'])
      ? env['METRICS_HOST']
      : '127.0.0.1';
  const ready = untilReady(
    child,
    exited,
    started.then(async (port) => {
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
      while (!(await answersReady(url))) {
        if (!running(child)) throw new Error('exited before it was ready');
        await pause(HEALTH_POLL_MS);
      }
      return url;
    }),
  );
  return { pid: child.pid ?? 0, ready, exited, stop: () => stopChild(child, exited) };
}

/**
 * A gateway as a worker of Node's cluster module, all of them sharing the gateways' port. It says
 * when it is ready (waitForTurnToListen in the platform) and listens once `letListen` lets it;
 * ready once it listens.
 */
export function forkGateway(
  env: Record<string, string>,
  log: ProcessLog,
  letListen: (worker: Worker) => void,
): AppInstance {
  cluster.setupPrimary({
    exec: entryOf('gateway'),
    args: [],
    execArgv: [...TS_RUNTIME],
    cwd: REPO_ROOT,
    silent: true,
  });
  const worker = cluster.fork(env);
  const child = worker.process;
  followOutput(child, log, () => undefined);
  worker.on('message', (message: unknown) => {
    if (message === SHARED_PORT_MESSAGES.ready) letListen(worker);
  });
  const listening = new Promise<string>((resolve) =>
    worker.once('listening', ({ address, port }) => resolve(`http://${address ?? '127.0.0.1'}:${port}`)),
  );
  const exited = exitOf(child);
  return {
    pid: child.pid ?? 0,
    ready: untilReady(child, exited, listening),
    exited,
    stop: () => stopChild(child, exited),
  };
}

/** Tells a gateway worker it may listen now. */
export function allowToListen(worker: Worker): void {
  if (worker.isConnected()) worker.send(SHARED_PORT_MESSAGES.listen);
}

/** The metrics port of an app's `started` line. */
export function startedOn(line: string): number | undefined {
  if (!line.includes('"started"')) return undefined;
  try {
    const entry = JSON.parse(line) as { msg?: string; metricsPort?: number };
    return entry.msg === 'started' && typeof entry.metricsPort === 'number' ? entry.metricsPort : undefined;
  } catch {
    return undefined;
  }
}

function followOutput(child: ChildProcess, log: ProcessLog, onStdout: (line: string) => void): void {
  const { stdout, stderr } = child;
  if (!stdout || !stderr) throw new Error('the app was started without pipes for its output');
  createInterface({ input: stdout }).on('line', (line) => {
    log.line(line);
    onStdout(line);
  });
  createInterface({ input: stderr }).on('line', (line) => log.line(line));
}

function exitOf(child: ChildProcess): Promise<string> {
  return new Promise((done) =>
    child.once('exit', (code, signal) => done(signal ? `signal ${signal}` : `exit code ${code}`)),
  );
}

async function untilReady(
  child: ChildProcess,
  exited: Promise<string>,
  ready: Promise<string>,
): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, fail) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`was not ready within ${READY_TIMEOUT_MS / 1000} s`));
    }, READY_TIMEOUT_MS);
  });
  const died = exited.then((how) => Promise.reject(new Error(`exited (${how}) before it was ready`)));
  try {
    return await Promise.race([ready, died, hung]);
  } finally {
    clearTimeout(timer);
  }
}

async function answersReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function stopChild(child: ChildProcess, exited: Promise<string>): Promise<void> {
  if (!running(child)) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(killer);
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
