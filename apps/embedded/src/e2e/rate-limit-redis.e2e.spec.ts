import {
  deleteRedisKeys,
  REPO_ROOT,
  type RuntimeProcess,
  redisKeysUnder,
  startRuntime,
  temporaryDataDir,
  TEST_REDIS_URL,
  TS_RUNTIME,
  uniqueRedisPrefix,
} from '@shipping/testing';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { productionEnvironment } from '../production-environment.fixture';

const ACME = { authorization: 'Bearer sk_test_acme' };

describe('two runtimes counting their rate limits in one Redis (REDIS_URL)', () => {
  const prefix = uniqueRedisPrefix('embedded-rate-limit');
  let runtimes: RuntimeProcess[] = [];

  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '4' };
    runtimes = [await startRuntime({ env }), await startRuntime({ env })];
  }, 240_000);
  afterAll(async () => {
    await Promise.all(runtimes.map((runtime) => runtime.stop()));
    await deleteRedisKeys(prefix);
  });

  it('lets 4 requests a minute through across both processes, then answers 429 on either', async () => {
    const statuses: number[] = [];
    for (const runtime of [0, 1, 0, 1, 0, 1]) {
      statuses.push((await fetch(`${runtimes[runtime].baseUrl}/account`, { headers: ACME })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await redisKeysUnder(`${prefix}rate-limit:`)).length).toBeGreaterThan(0);
  });

  it('reports on /metrics that each counts in Redis', async () => {
    for (const runtime of runtimes) {
      const metrics = await (await fetch(`${runtime.baseUrl}/metrics`)).text();
      expect(metrics).toMatch(/^shipping_rate_limit_shared 1$/m);
    }
  });
});

describe('the start of a runtime', () => {
  it('stops on a malformed REDIS_URL, naming the variable but not its value', () => {
    const password = randomBytes(8).toString('hex');
    const started = spawnSync(process.execPath, [...TS_RUNTIME, 'apps/embedded/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        REDIS_URL: `redis://:${password}@cache:6379?tls=yes`,
        PORT: '0',
        DATA_DIR: temporaryDataDir(),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(
      'Invalid environment variable REDIS_URL (value not shown: it may hold a password): expected redis://',
    );
    expect(started.stderr + started.stdout).not.toContain(password);
  });

  it('warns in production mode without REDIS_URL that its rate limits are counted per process', async () => {
    const runtime = await startRuntime({
      env: {
        ...productionEnvironment(),
        ADMIN_API_KEY: randomBytes(24).toString('hex'),
      },
      startTimeoutMs: 180_000,
    });
    try {
      const warning = runtime
        .output()
        .split('\n')
        .filter((line) => line.includes('REDIS_URL: unset'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(warning).toEqual([
        {
          ...warning[0],
          level: 40,
          msg: expect.stringMatching(
            /counted by each gateway process, so N gateways allow N times the limit/,
          ),
        },
      ]);
    } finally {
      await runtime.stop();
    }
  }, 240_000);
});
