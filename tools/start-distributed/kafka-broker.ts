import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './repo-root';

export interface LaunchedBroker {
  /** `127.0.0.1:<port>`, what KAFKA_BROKERS names. */
  address: string;
  /** The broker's own process (a JVM); the script that runs it is its parent. */
  pid: number;
  /** Resolves when the script ends, whoever ended it. */
  exited: Promise<void>;
  /** A clean stop: the script stops the broker and waits for it (30 s, then SIGKILL). */
  stop(): Promise<void>;
}

/**
 * A broker run by `tools/kafka/broker.mjs run` in the foreground, its data in `dataDir` (kept, with
 * its topics, for the next start). The script stops the broker when its stdin closes, so the broker
 * does not outlive the launcher even when the launcher is killed. Its messages (the first run
 * fetches the jars with Maven) go to `log`.
 */
export async function startKafkaBroker(
  port: number,
  dataDir: string,
  log: (line: string) => void,
): Promise<LaunchedBroker> {
  const script = spawn(
    process.execPath,
    [join(REPO_ROOT, 'tools/kafka/broker.mjs'), 'run', '--port', String(port), '--data-dir', dataDir],
    { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((done) => script.once('exit', () => done()));
  const { stdout, stderr } = script;
  if (!stdout || !stderr) throw new Error('the broker script was started without pipes for its output');
  createInterface({ input: stderr }).on('line', log);
  const stop = () => stopScript(script, exited);
  try {
    const first = await new Promise<string>((answered, failed) => {
      createInterface({ input: stdout }).once('line', answered);
      void exited.then(() => failed(new Error(`the Kafka broker did not start (see ${dataDir}/broker.log)`)));
    });
    const { brokers, pid } = JSON.parse(first) as { brokers: string[]; pid: number };
    return { address: brokers[0], pid, exited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function stopScript(script: ChildProcess, exited: Promise<void>): Promise<void> {
  if (script.exitCode === null && script.signalCode === null) script.kill('SIGTERM');
  await exited;
}
