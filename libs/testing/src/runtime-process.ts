import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { boundToTestProcess, stopWithin } from './child-stop';

export const REPO_ROOT = resolve(__dirname, '../../..');

/** Node's arguments that run a TypeScript entry, as `npm start` does. */
export const TS_RUNTIME = ['-r', './tools/ts-runtime/register.js'];

export const EMBEDDED_ENTRY = 'apps/embedded/src/main.ts';

/**
 * The embedded runtime's V8 flags, as `npm start` and the image set them: its heap limit
 * (decision 77) and PGlite's WebAssembly left to the baseline compiler (decision 80).
 */
export const EMBEDDED_V8_FLAGS = ['--max-old-space-size=1024', '--liftoff-only'];

/**
 * Node's flags for the embedded runtime: EMBEDDED_V8_FLAGS, or EMBEDDED_NODE_FLAGS when it is set
 * (flags split on spaces, in place of those; empty for V8's defaults), so a benchmark can compare.
 */
export function embeddedNodeFlags(env: Record<string, string | undefined> = process.env): string[] {
  const flags = env.EMBEDDED_NODE_FLAGS;
  if (flags === undefined) return [...EMBEDDED_V8_FLAGS];
  return flags.split(/\s+/).filter((flag) => flag !== '');
}

/** Node's arguments for an entry: the embedded runtime's with its flags, as `npm start` runs it. */
export function runtimeArguments(
  entry: string,
  env: Record<string, string | undefined> = process.env,
): string[] {
  const flags = entry === EMBEDDED_ENTRY ? embeddedNodeFlags(env) : [];
  return [...flags, ...TS_RUNTIME, entry];
}

/** The first port the kernel hands to outgoing connections (Linux), or the IANA default. */
function firstEphemeralPort(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 49_152;
  } catch {
    return 49_152;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/** Above every port the Fetch standard blocks (the highest is 10080): `fetch` refuses to connect to those. */
const FIRST_TEST_PORT = 10_100;

/**
 * A free port for a server a spec starts. Chosen below the range the kernel takes outgoing
 * connections' ports from: a port picked by `listen(0)` comes from that range, and a client
 * socket (a Kafka or PostgreSQL connection opening meanwhile) can take it before the server
 * listens, which failed a run with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const [from, below] = [FIRST_TEST_PORT, firstEphemeralPort()];
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = from + Math.floor(Math.random() * (below - from));
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port found between ${from} and ${below}`);
}

/** Whether something accepts connections on the loopback port. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Whether a process with this pid runs (or is a zombie not yet reaped). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function temporaryDataDir(prefix = 'shipping-data-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface RuntimeProcess {
  baseUrl: string;
  pid: number;
  dataDir: string;
  /** Everything the process printed, for assertions on logs and for failure reports. */
  output(): string;
  /** Graceful stop (SIGTERM); resolves with the exit code. */
  stop(): Promise<number | null>;
  /** A crash: SIGKILL, no shutdown hooks. */
  kill(): Promise<void>;
}

export interface RuntimeOptions {
  /** Entry file relative to the repository root; the embedded one runs with embeddedNodeFlags(). */
  entry?: string;
  dataDir?: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

/** Starts a runtime entry (the embedded one by default) as a real process on a free port. */
export async function startRuntime(options: RuntimeOptions = {}): Promise<RuntimeProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? temporaryDataDir();
  const env = { ...process.env, LOG_LEVEL: 'warn', ...options.env, PORT: String(port), DATA_DIR: dataDir };
  const child = spawn(process.execPath, runtimeArguments(options.entry ?? EMBEDDED_ENTRY, env), {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  boundToTestProcess(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(baseUrl, child, () => output, options.startTimeoutMs ?? 60_000);
  return {
    baseUrl,
    pid: child.pid ?? 0,
    dataDir,
    output: () => output,
    stop: async () => {
      child.ref();
      await stopWithin(child, exited);
      return exited;
    },
    kill: async () => {
      child.ref();
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function waitUntilHealthy(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`runtime exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`runtime did not become healthy within ${timeoutMs} ms:\n${output()}`);
}
