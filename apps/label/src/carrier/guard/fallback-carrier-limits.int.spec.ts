import { startPrivateRedisServer, type PrivateRedisServer } from '@shipping/testing';
import { FallbackCarrierLimits } from './fallback-carrier-limits';
import { openCarrierLimits, type OpenedLimits } from './open-carrier-limits';

const LIMITS = { ratePerSecond: 1_000, concurrency: 100, slotLeaseMs: 10_000 };

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++)
    await new Promise((done) => setTimeout(done, 50));
  expect(condition()).toBe(true);
}

describe('carrier limits while Redis does not answer', () => {
  let server: PrivateRedisServer;
  let opened: OpenedLimits;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await startPrivateRedisServer();
    opened = await openCarrierLimits(
      { REDIS_URL: server.url, REDIS_KEY_PREFIX: 'spec:' },
      {
        info: (message) => lines.push(`info ${message}`),
        warn: (_details, message) => lines.push(`warn ${message}`),
      },
    );
  });
  afterAll(async () => {
    opened.close();
    await server.stop();
  });

  it('counts in process while Redis is down, logging once each way, and in Redis again once it answers', async () => {
    const limits = opened.store as FallbackCarrierLimits;
    await until(() => limits.isShared);
    await expect(limits.acquire('usps:a', LIMITS, 'slot-1')).resolves.toEqual({ granted: true });

    await server.stop();
    for (const slot of ['slot-2', 'slot-3', 'slot-4'])
      await expect(limits.acquire('usps:a', LIMITS, slot)).resolves.toEqual({ granted: true });
    expect(limits.isShared).toBe(false);

    await server.restart();
    await until(() => {
      void limits.acquire('usps:a', LIMITS, `slot-${lines.length}-${Date.now()}`);
      return limits.isShared;
    });
    expect(lines.filter((line) => line.startsWith('warn'))).toEqual([
      'warn Redis is not answering: carrier limits are counted in this label process until it does',
    ]);
    expect(lines.filter((line) => line.startsWith('info'))).toEqual([
      'info carrier limits are counted in Redis, shared by every label instance',
      'info carrier limits are counted in Redis, shared by every label instance',
    ]);
  });

  it('refuses a malformed REDIS_URL without printing it', async () => {
    const refused = openCarrierLimits(
      { REDIS_URL: 'http://user:secret-pass@host' },
      { info: () => undefined, warn: () => undefined },
    );
    await expect(refused).rejects.toThrow('Invalid environment variable REDIS_URL');
    await expect(refused).rejects.not.toThrow('secret-pass');
  });
});
