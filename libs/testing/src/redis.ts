import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort } from './runtime-process';

/** The Redis server specs share (never flushed): each spec keeps its keys under a prefix of its own. */
export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A key prefix no other spec or run uses. */
export function uniqueRedisPrefix(name: string): string {
  return `test:${name}:${process.pid}-${randomBytes(4).toString('hex')}:`;
}

/** One connection that gives up at once when the server does not answer. */
async function connectOnce(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  await redis.connect();
  return redis;
}

const keysUnder = (prefix: string) => `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;

/** Keys under `prefix` on the server at `url` (SCAN, so the shared server is not held up). */
export async function redisKeysUnder(prefix: string, url = TEST_REDIS_URL): Promise<string[]> {
  const redis = await connectOnce(url);
  try {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', keysUnder(prefix), 'COUNT', 1000);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found;
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key under `prefix` (and nothing else) on the server at `url`. */
export async function deleteRedisKeys(prefix: string, url = TEST_REDIS_URL): Promise<number> {
  const keys = await redisKeysUnder(prefix, url);
  if (keys.length === 0) return 0;
  const redis = await connectOnce(url);
  try {
    return await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

export interface PrivateRedisServer {
  port: number;
  url: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** SIGSTOP: connections stay open and nothing answers, as with a hung server. */
  pause(): void;
  /** SIGCONT after pause. */
  resume(): void;
}

/**
 * A `redis-server` of the spec's own on a free loopback port, keeping nothing on disk: a server
 * the spec may stop, unlike the shared one.
 */
export async function startPrivateRedisServer(): Promise<PrivateRedisServer> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let current: Launched | undefined = await launch(port, url);
  const signal = (name: NodeJS.Signals) => current?.child.kill(name);
  return {
    port,
    url,
    stop: async () => {
      await current?.stop();
      current = undefined;
    },
    restart: async () => {
      await current?.stop();
      current = await launch(port, url);
    },
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
  };
}

interface Launched {
  child: ChildProcess;
  stop(): Promise<void>;
}

async function launch(port: number, url: string): Promise<Launched> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      process.off('exit', killOnExit);
      done();
    }),
  );
  await waitForPong(url, () => child.exitCode !== null);
  return {
    child,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }
      await exited;
    },
  };
}

async function waitForPong(url: string, exited: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (exited()) throw new Error(`redis-server for ${url} exited at start`);
    const answered = await connectOnce(url).then(
      async (redis) => {
        try {
          return (await redis.ping()) === 'PONG';
        } finally {
          redis.disconnect();
        }
      },
      () => false,
    );
    if (answered) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`redis-server for ${url} did not answer PING`);
}
