import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, freePort, portAnswers } from '@shipping/testing';
import { startKafkaBroker } from './kafka-broker';

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
    // The script has stopped the broker; the JVM's socket may close a moment after the script ends.
    await eventually(async () => ((await portAnswers(port)) ? undefined : true), 10_000);
  });
});
