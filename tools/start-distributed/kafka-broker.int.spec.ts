import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@shipping/testing';
import { startKafkaBroker } from './kafka-broker';

const portAnswers = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

describe("the launcher's Kafka broker", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'launcher-kafka-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs on the port asked for, and is gone once stopped', async () => {
    const port = await freePort();
    const broker = await startKafkaBroker(port, dataDir, () => undefined);
    try {
      expect(broker.address).toBe(`127.0.0.1:${port}`);
      expect(await portAnswers(port)).toBe(true);
    } finally {
      await broker.stop();
    }
    expect(await portAnswers(port)).toBe(false);
  });
});
