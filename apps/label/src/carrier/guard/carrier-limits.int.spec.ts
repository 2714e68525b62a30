import { deleteRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from '@shipping/testing';
import { Redis } from 'ioredis';
import { type CarrierLimitStore, RATE_WINDOW_MARGIN_MS } from './carrier-limits';
import { InProcessCarrierLimits } from './in-process-carrier-limits';
import { RedisCarrierLimits } from './redis-carrier-limits';

const LIMITS = { ratePerSecond: 3, concurrency: 2, slotLeaseMs: 10_000 };

const prefix = uniqueRedisPrefix('carrier-limits');
let redis: Redis;
beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL);
});
afterAll(async () => {
  redis.disconnect();
  await deleteRedisKeys(prefix);
});

describe.each([
  ['in process', (clock: () => number): CarrierLimitStore => new InProcessCarrierLimits(clock)],
  ['in Redis', (clock: () => number): CarrierLimitStore => new RedisCarrierLimits(redis, prefix, clock)],
])('carrier limits counted %s', (_where, storeOn) => {
  let now: number;
  let limits: CarrierLimitStore;
  let account: string;

  beforeEach(() => {
    now += 100_000;
    account = `usps:shipper-${now}`;
    limits = storeOn(() => now);
  });
  beforeAll(() => {
    now = 1_000_000;
  });

  it('lets the concurrency start at once, then waits for a slot given back', async () => {
    await expect(limits.acquire(account, LIMITS, 's1')).resolves.toEqual({ granted: true });
    await expect(limits.acquire(account, LIMITS, 's2')).resolves.toEqual({ granted: true });
    await expect(limits.acquire(account, LIMITS, 's3')).resolves.toMatchObject({
      granted: false,
      waitingFor: 'slot',
    });
    await limits.release(account, 's1');
    await expect(limits.acquire(account, LIMITS, 's3')).resolves.toEqual({ granted: true });
  });

  it('starts at most the rate within a second and a margin, and takes back a crashed holder’s slot at its lease’s end', async () => {
    for (const slot of ['s1', 's2']) await limits.acquire(account, LIMITS, slot);
    await limits.release(account, 's1');
    await limits.acquire(account, LIMITS, 's3');
    await limits.release(account, 's3');
    await expect(limits.acquire(account, LIMITS, 's4')).resolves.toEqual({
      granted: false,
      retryInMs: 1_000 + RATE_WINDOW_MARGIN_MS,
      waitingFor: 'rate',
    });
    now += 10_000;
    // s2 was never given back: its lease ran out with the window.
    await expect(limits.acquire(account, LIMITS, 's4')).resolves.toEqual({ granted: true });
    await expect(limits.acquire(account, LIMITS, 's5')).resolves.toEqual({ granted: true });
  });

  it('holds every call back for a pause', async () => {
    await limits.pause(account, 1_500);
    await expect(limits.acquire(account, LIMITS, 's1')).resolves.toEqual({
      granted: false,
      retryInMs: 1_500,
      waitingFor: 'rate',
    });
    now += 1_500;
    await expect(limits.acquire(account, LIMITS, 's1')).resolves.toEqual({ granted: true });
  });
});
