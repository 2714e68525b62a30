import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const script = resolve(__dirname, '../../../../tools/kafka/broker.mjs');

export interface BrokerProcess {
  brokers: string[];
  /** The broker's JVM. */
  pid: number;
  /** Settles with the script's exit code once it has stopped the broker. */
  exited: Promise<number | null>;
  /** What the script sees when the process that started it dies. */
  closeStdin(): void;
  stop(): Promise<void>;
}

/** How the broker's client listener is secured: one SASL user (PLAIN or SCRAM) and/or TLS. */
export interface BrokerSecurity {
  /** `user:password` of a SASL/PLAIN listener. */
  saslPlain?: string;
  /** `user:password` of a SASL/SCRAM-SHA-256 and -512 listener. */
  saslScram?: string;
  /** A folder with broker-cert.pem, broker-key.pem and ca.pem: the listener speaks TLS. */
  tlsDir?: string;
}

const securityArgs = (security: string | BrokerSecurity = {}): string[] => {
  const { saslPlain, saslScram, tlsDir } = typeof security === 'string' ? { saslPlain: security } : security;
  return [
    ...(saslPlain === undefined ? [] : ['--sasl-plain', saslPlain]),
    ...(saslScram === undefined ? [] : ['--sasl-scram', saslScram]),
    ...(tlsDir === undefined ? [] : ['--tls', tlsDir]),
  ];
};

/**
 * Runs `tools/kafka/broker.mjs run` on a free port (the first run on a machine fetches the jars
 * with Maven) and resolves once the broker answers. The script watches its stdin, so the broker
 * stops even if this test process dies without calling stop().
 */
export async function runBrokerScript(
  dataDir: string,
  security?: string | BrokerSecurity,
): Promise<BrokerProcess> {
  const args = securityArgs(security);
  const child = spawn(process.execPath, [script, 'run', '--port', '0', '--data-dir', dataDir, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
    }
    await exited;
  };
  try {
    const line = await new Promise<string>((done, reject) => {
      createInterface({ input: child.stdout }).once('line', done);
      void exited.then((code) =>
        reject(new Error(`tools/kafka/broker.mjs exited (${code}) before the broker answered`)),
      );
    });
    const { brokers, pid } = JSON.parse(line) as { brokers: string[]; pid: number };
    return { brokers, pid, exited, closeStdin: () => child.stdin.end(), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A real broker on a fresh data folder for a spec; stop() removes the folder. With `saslPlain`
 * (`user:password`) its listener asks for SASL/PLAIN; with a BrokerSecurity, for what it names.
 */
export async function startKafkaBroker(
  security?: string | BrokerSecurity,
): Promise<{ brokers: string[]; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipping-kafka-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  const broker = await runBrokerScript(dataDir, security).catch((error: unknown) => {
    removeData();
    throw error;
  });
  return { brokers: broker.brokers, stop: () => broker.stop().then(removeData) };
}
