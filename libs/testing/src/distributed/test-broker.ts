import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { boundToTestProcess, heldOpen, stopWithin } from '../child-stop';
import { REPO_ROOT } from '../runtime-process';

const SCRIPT = join(REPO_ROOT, 'tools/kafka/broker.mjs');

export interface TestBroker {
  brokers: string[];
  /** A clean stop and a start on the same port and data folder: topics and committed offsets survive. */
  restart(): Promise<void>;
  /** Stops the broker and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * A real Kafka broker started by `tools/kafka/broker.mjs run` (the first run on a machine fetches
 * the jars), its listener secured as `securityArgs` ask (`--sasl-scram user:password`, `--tls dir`). The script stops the broker when its stdin closes, so a test process that dies
 * without cleaning up takes the broker with it.
 */
export async function startTestBroker(securityArgs: readonly string[] = []): Promise<TestBroker> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipping-kafka-e2e-'));
  let script: ChildProcess | undefined;
  let port = 0;
  const stopScript = async () => {
    const child = script;
    script = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    // The script itself gives the broker 30 s before SIGKILL.
    await stopWithin(child, exited, 40_000);
  };
  const run = async () => {
    const started = await runScript(port, dataDir, securityArgs);
    script = started.child;
    port = started.port;
  };
  try {
    await run();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    brokers: [`127.0.0.1:${port}`],
    restart: async () => {
      await stopScript();
      await run();
    },
    stop: async () => {
      await stopScript();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function runScript(
  port: number,
  dataDir: string,
  securityArgs: readonly string[],
): Promise<{ child: ChildProcess; port: number }> {
  const args = [SCRIPT, 'run', '--port', String(port), '--data-dir', dataDir, ...securityArgs];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  boundToTestProcess(child);
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  const { stdout } = child;
  try {
    const line = await heldOpen(
      new Promise<string>((done, fail) => {
        createInterface({ input: stdout }).once('line', done);
        void exited.then((code) =>
          fail(new Error(`tools/kafka/broker.mjs exited (${code}) before the broker answered`)),
        );
      }),
    );
    const { brokers } = JSON.parse(line) as { brokers: string[] };
    return { child, port: Number(/:(\d+)$/.exec(brokers.join(','))?.[1]) };
  } catch (error) {
    child.kill('SIGTERM');
    await heldOpen(exited);
    throw error;
  }
}
