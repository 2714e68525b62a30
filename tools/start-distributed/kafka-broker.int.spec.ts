import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { freePort } from '@shipping/testing';
import { startKafkaBroker } from './kafka-broker';
import { APPS } from './launcher-options';
import { replyTopicsTooSmall } from './reply-partitions';

const portAnswers = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

const every = (count: number) =>
  Object.fromEntries(APPS.map((app) => [app, count])) as Record<(typeof APPS)[number], number>;

describe("the launcher's Kafka broker", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'launcher-kafka-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs on the port asked for, tells replies topics made for fewer processes, and is gone once stopped', async () => {
    const port = await freePort();
    const broker = await startKafkaBroker(port, dataDir, () => undefined);
    try {
      expect(broker.address).toBe(`127.0.0.1:${port}`);
      expect(await replyTopicsTooSmall(broker.address, every(3))).toEqual([]);

      const admin = new Kafka({ brokers: [broker.address], logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      await admin.createTopics({
        topics: [{ topic: 'shipping.gateway.replies', numPartitions: 2 }],
        waitForLeaders: true,
      });
      await admin.disconnect();

      expect(await replyTopicsTooSmall(broker.address, { ...every(1), gateway: 2 })).toEqual([]);
      expect(await replyTopicsTooSmall(broker.address, { ...every(1), gateway: 3 })).toEqual([
        'shipping.gateway.replies has 2 partitions for 3 gateway processes',
      ]);
    } finally {
      await broker.stop();
    }
    expect(await portAnswers(port)).toBe(false);
  });
});
