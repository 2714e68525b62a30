import { ThrottlerStorageService } from '@nestjs/throttler';
import { HitLogThrottlerStorage } from './hit-log-throttler-storage';

describe('hit log throttler storage', () => {
  let now = 1_000_000;
  const clock = () => now;
  let stock: ThrottlerStorageService;
  let storage: HitLogThrottlerStorage;

  beforeEach(() => {
    jest.spyOn(Date, 'now').mockImplementation(clock);
    stock = new ThrottlerStorageService();
    storage = new HitLogThrottlerStorage(clock);
  });

  afterEach(() => {
    stock.onApplicationShutdown();
    storage.onApplicationShutdown();
    jest.restoreAllMocks();
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
  ])(
    'answers exactly as the stock storage %s, over a long irregular sequence',
    async (_name, blockDuration) => {
      let seed = 42;
      const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
      for (let request = 0; request < 3_000; request++) {
        now += Math.floor(random() * random() * 400);
        const key = random() < 0.8 ? 'key:busy' : 'ip:quiet';
        const expected = await stock.increment(key, 5_000, 20, blockDuration, 'default');
        await expect(storage.increment(key, 5_000, 20, blockDuration, 'default')).resolves.toEqual(expected);
      }
    },
  );

  it('forgets idle keys', async () => {
    const sweeping = new HitLogThrottlerStorage(clock, 10);
    jest.useFakeTimers({ doNotFake: ['Date'] });
    try {
      await sweeping.increment('key:c', 1_000, 5, 1_000, 'default');
      now += 1_000;
      jest.advanceTimersByTime(10);
      expect((sweeping as unknown as { budgets: Map<string, unknown> }).budgets.size).toBe(0);
    } finally {
      sweeping.onApplicationShutdown();
      jest.useRealTimers();
    }
  });
});
