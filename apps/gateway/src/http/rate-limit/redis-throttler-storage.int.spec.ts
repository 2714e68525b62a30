import { deleteRedisKeys, redisKeysUnder, TEST_REDIS_URL, uniqueRedisPrefix } from '@shipping/testing';
import { Redis } from 'ioredis';
import { HitLogThrottlerStorage } from './hit-log-throttler-storage';
import { RedisThrottlerStorage, type ThrottlerStorageRecord } from './redis-throttler-storage';

/** What the guards read: the time to the block's end only matters while blocked. */
const asSeen = (record: ThrottlerStorageRecord) => ({
  ...record,
  timeToBlockExpire: record.isBlocked ? record.timeToBlockExpire : 0,
});

describe('Redis throttler storage, on the shared Redis server', () => {
  const prefix = uniqueRedisPrefix('redis-throttler-storage');
  let redis: Redis;
  let now = 1_000_000;
  const clock = () => now;
  let storage: RedisThrottlerStorage;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    redis.disconnect();
    await deleteRedisKeys(prefix);
  });
  beforeEach(() => {
    storage = new RedisThrottlerStorage(redis, prefix, clock);
  });

  it('blocks the key once over the limit until the block ends, then counts from the start again', async () => {
    const hit = () => storage.increment('key:a', 60_000, 3, 60_000, 'default');
    for (const expected of [1, 2, 3])
      await expect(hit()).resolves.toMatchObject({ totalHits: expected, isBlocked: false });
    await expect(hit()).resolves.toMatchObject({ totalHits: 4, isBlocked: true, timeToBlockExpire: 60 });
    now += 30_000;
    await expect(hit()).resolves.toMatchObject({ isBlocked: true, timeToBlockExpire: 30 });
    now += 30_000;
    await expect(hit()).resolves.toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('stops counting a hit once its ttl has passed', async () => {
    await storage.increment('key:b', 1_000, 5, 1_000, 'default');
    now += 600;
    await storage.increment('key:b', 1_000, 5, 1_000, 'default');
    now += 400;
    await expect(storage.increment('key:b', 1_000, 5, 1_000, 'default')).resolves.toMatchObject({
      totalHits: 2,
    });
  });

  it.each([
    ['with a block duration', 2_000],
    ['without one', 0],
  ])('answers as the in-process storage %s, over a long irregular sequence', async (name, blockDuration) => {
    const inProcess = new HitLogThrottlerStorage(clock);
    let seed = 42;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    try {
      for (let request = 0; request < 3_000; request++) {
        now += Math.floor(random() * random() * 400);
        const key = `${name}:${random() < 0.8 ? 'key:busy' : 'ip:quiet'}`;
        const expected = await inProcess.increment(key, 5_000, 20, blockDuration, 'default');
        const answer = await storage.increment(key, 5_000, 20, blockDuration, 'default');
        expect({ request, answer: asSeen(answer) }).toEqual({ request, answer: asSeen(expected) });
      }
    } finally {
      inProcess.onApplicationShutdown();
    }
  });

  it('tells whether a budget without a block duration is spent as the in-process storage does, counting nothing', async () => {
    const inProcess = new HitLogThrottlerStorage(clock);
    let seed = 7;
    const seen = new Set<boolean>();
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    try {
      for (let request = 0; request < 2_000; request++) {
        now += Math.floor(random() * random() * 400);
        const key = 'check:address';
        if (random() < 0.5) {
          const expected = await inProcess.increment(key, 5_000, 20, 0, 'unauthenticated');
          const answer = await storage.increment(key, 5_000, 20, 0, 'unauthenticated');
          expect({ request, answer: asSeen(answer) }).toEqual({ request, answer: asSeen(expected) });
        } else {
          const expected = await inProcess.check(key, 20, 'unauthenticated');
          const answer = await storage.check(key, 20, 'unauthenticated');
          expect({ request, answer }).toEqual({ request, answer: expected });
          seen.add(answer.isSpent);
        }
      }
      expect(seen).toEqual(new Set([true, false]));
    } finally {
      inProcess.onApplicationShutdown();
    }
  });

  it("counts on the Redis server's clock when given none, and keys its budgets under the prefix, expiring once idle", async () => {
    const serverClock = new RedisThrottlerStorage(redis, prefix);
    const hit = () => serverClock.increment('key:server-clock', 60_000, 2, 60_000, 'default');
    await expect(hit()).resolves.toMatchObject({ totalHits: 1, timeToExpire: 60, isBlocked: false });
    await expect(hit()).resolves.toMatchObject({ totalHits: 2, isBlocked: false });
    const blocked = await hit();
    expect(blocked).toMatchObject({ totalHits: 3, isBlocked: true });
    expect(blocked.timeToBlockExpire).toBeGreaterThanOrEqual(59);
    expect(blocked.timeToBlockExpire).toBeLessThanOrEqual(60);

    const keys = (await redisKeysUnder(`${prefix}{default:key:server-clock}`)).sort();
    expect(keys).toEqual([
      `${prefix}{default:key:server-clock}:hits`,
      `${prefix}{default:key:server-clock}:state`,
    ]);
    for (const key of keys) {
      const left = await redis.pttl(key);
      expect({ key, left: left > 0 && left <= 61_000 }).toEqual({ key, left: true });
    }
  });
});
