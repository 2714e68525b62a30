import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { runBrokerScript } from './kafka-broker.fixture';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const BROKER_SCRIPT = resolve(__dirname, '../../../../tools/kafka/broker.mjs');

/** The processes whose command line names this folder: the broker's JVM names its log4j file in it. */
const processesNaming = (folder: string): string[] => {
  try {
    return execFileSync('pgrep', ['-f', folder], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
};

describe('tools/kafka/broker.mjs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipping-kafka-script-'));

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops the broker cleanly when whoever started it goes away, and a restart keeps its topics', async () => {
    const first = await runBrokerScript(dataDir);
    const admin = new Kafka({ clientId: 'spec', brokers: first.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'shipping.spec.events', numPartitions: 2 }] });
    await admin.disconnect();

    first.closeStdin();

    await expect(first.exited).resolves.toBe(0);
    expect(isAlive(first.pid)).toBe(false);

    const second = await runBrokerScript(dataDir);
    try {
      const again = new Kafka({
        clientId: 'spec',
        brokers: second.brokers,
        logLevel: logLevel.NOTHING,
      }).admin();
      await again.connect();
      const { topics } = await again.fetchTopicMetadata({ topics: ['shipping.spec.events'] });
      await again.disconnect();
      expect(topics[0]?.partitions).toHaveLength(2);
    } finally {
      second.closeStdin();
      await second.exited;
    }
  }, 120_000);

  it('stops the broker it was starting when it is stopped before it printed where the broker listens', async () => {
    const earlyDir = mkdtempSync(join(tmpdir(), 'shipping-kafka-early-'));
    try {
      const script = spawn(process.execPath, [BROKER_SCRIPT, 'run', '--port', '0', '--data-dir', earlyDir], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let printed = '';
      script.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      let ended = false;
      const exited = new Promise<number | null>((done) =>
        script.once('exit', (code) => {
          ended = true;
          done(code);
        }),
      );
      // The script opens broker.out as it starts the JVM: the signal comes while the broker starts.
      while (!existsSync(join(earlyDir, 'broker.out'))) {
        if (ended) throw new Error(`broker.mjs ended before it started a broker (exit ${await exited})`);
        await new Promise((wait) => setTimeout(wait, 20));
      }
      script.kill('SIGTERM');

      await expect(exited).resolves.toBe(0);
      expect(printed).toBe('');
      expect(processesNaming(earlyDir)).toEqual([]);
    } finally {
      rmSync(earlyDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('starts a broker that outlives the command, and stops it', () => {
    const backgroundDir = mkdtempSync(join(tmpdir(), 'shipping-kafka-background-'));
    const command = (...args: string[]) =>
      execFileSync(process.execPath, [BROKER_SCRIPT, ...args, '--data-dir', backgroundDir], {
        encoding: 'utf8',
      }).trim();
    try {
      const { brokers, pid } = JSON.parse(command('start', '--port', '0')) as {
        brokers: string[];
        pid: number;
      };
      expect(brokers).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+$/)]);
      expect(isAlive(pid)).toBe(true);

      expect(command('stop')).toBe('kafka: stopped');
      expect(isAlive(pid)).toBe(false);
    } finally {
      rmSync(backgroundDir, { recursive: true, force: true });
    }
  }, 120_000);
});
