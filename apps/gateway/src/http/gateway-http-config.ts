import { ADMIN_API_KEY_FORM, ADMIN_API_KEY_PATTERN } from '@shipping/platform/config';
import ipaddr from 'ipaddr.js';
import { sizeInBytes } from './body/read-body';
import {
  parseRedisKeyPrefix,
  parseRedisUrl,
  REDIS_KEY_PREFIX_FORM,
  REDIS_URL_FORM,
} from './rate-limit/redis-url';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface GatewayHttpConfig {
  /** Largest accepted request body, in body-parser notation (`4mb`, `512kb`, `1000`). */
  bodyLimit: string;
  /** Deepest accepted nesting of objects and arrays in a request body. */
  maxBodyDepth: number;
  logLevel: LogLevel;
  /** Requests per minute per API key; 0 disables the limit. */
  rateLimitPerMinute: number;
  /** Requests per minute per client address without a valid key, counted before the body is read; 0 disables. */
  unauthenticatedRateLimitPerMinute: number;
  idempotencyTtlHours: number;
  /** Fastify's `trustProxy` (as Express's `trust proxy` read it): false, a hop count, or the proxies' addresses, CIDR blocks and presets. */
  trustProxy: TrustProxy;
  /** The admin API's bearer key (ADMIN_API_KEY); unset, every /admin route answers 404. */
  adminApiKey?: string;
  /** Where the rate limits are counted for every gateway (REDIS_URL); unset, each process counts its own. */
  redisUrl?: string;
  /** What the gateway's Redis keys start with, so deployments can share a server. */
  redisKeyPrefix: string;
}

export type TrustProxy = false | number | string;

const TRUST_PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

export const DEFAULT_GATEWAY_HTTP_CONFIG: Readonly<GatewayHttpConfig> = {
  bodyLimit: '4mb',
  maxBodyDepth: 32,
  logLevel: 'info',
  rateLimitPerMinute: 6000,
  unauthenticatedRateLimitPerMinute: 1200,
  idempotencyTtlHours: 24,
  trustProxy: false,
  redisKeyPrefix: 'shipping:',
};

type Env = Record<string, string | undefined>;

/** Reads the gateway's HTTP settings; an invalid value fails the start with the variable's name. */
export function readGatewayHttpConfig(env: Env = process.env): GatewayHttpConfig {
  const defaults = DEFAULT_GATEWAY_HTTP_CONFIG;
  return {
    bodyLimit: read(env, 'BODY_LIMIT', defaults.bodyLimit, parseSize, 'a size such as 4mb, 512kb or 1000'),
    maxBodyDepth: read(
      env,
      'MAX_BODY_DEPTH',
      defaults.maxBodyDepth,
      integerAtLeast(1),
      'an integer of at least 1',
    ),
    logLevel: read(env, 'LOG_LEVEL', defaults.logLevel, parseLogLevel, `one of ${LOG_LEVELS.join(', ')}`),
    rateLimitPerMinute: read(
      env,
      'RATE_LIMIT_PER_MINUTE',
      defaults.rateLimitPerMinute,
      integerAtLeast(0),
      'an integer of at least 0 (0 disables the limit)',
    ),
    unauthenticatedRateLimitPerMinute: read(
      env,
      'UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE',
      defaults.unauthenticatedRateLimitPerMinute,
      integerAtLeast(0),
      'an integer of at least 0 (0 disables the limit)',
    ),
    idempotencyTtlHours: read(
      env,
      'IDEMPOTENCY_TTL_HOURS',
      defaults.idempotencyTtlHours,
      positiveNumber,
      'a number above 0',
    ),
    trustProxy: read(
      env,
      'TRUST_PROXY',
      defaults.trustProxy,
      parseTrustProxy,
      `false, the number of proxies in front, or their addresses and CIDR blocks (or ${TRUST_PROXY_PRESETS.join(', ')}), comma-separated; not true, which would let any client choose its address`,
    ),
    adminApiKey: read<string | undefined>(
      env,
      'ADMIN_API_KEY',
      undefined,
      (raw) => (ADMIN_API_KEY_PATTERN.test(raw) ? raw : undefined),
      ADMIN_API_KEY_FORM,
      { hidden: 'it is a secret' },
    ),
    redisUrl: read<string | undefined>(env, 'REDIS_URL', undefined, parseRedisUrl, REDIS_URL_FORM, {
      hidden: 'it may hold a password',
    }),
    redisKeyPrefix: read(
      env,
      'REDIS_KEY_PREFIX',
      defaults.redisKeyPrefix,
      parseRedisKeyPrefix,
      REDIS_KEY_PREFIX_FORM,
    ),
  };
}

function parseTrustProxy(raw: string): TrustProxy | undefined {
  if (raw === 'false') return false;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  const valid = entries.every(
    (entry) => TRUST_PROXY_PRESETS.includes(entry) || ipaddr.isValid(entry) || isCidr(entry),
  );
  return valid ? entries.join(',') : undefined;
}

function isCidr(entry: string): boolean {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

function read<T>(
  env: Env,
  name: string,
  fallback: T,
  parse: (raw: string) => T | undefined,
  expected: string,
  { hidden }: { hidden?: string } = {},
): T {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = parse(raw.trim());
  if (value === undefined) {
    const shown = hidden === undefined ? `=${JSON.stringify(raw)}` : ` (value not shown: ${hidden})`;
    throw new Error(`Invalid environment variable ${name}${shown}: expected ${expected}.`);
  }
  return value;
}

function parseSize(raw: string): string | undefined {
  return (sizeInBytes(raw) ?? 0) > 0 ? raw.toLowerCase() : undefined;
}

function parseLogLevel(raw: string): LogLevel | undefined {
  return LOG_LEVELS.find((level) => level === raw.toLowerCase());
}

function integerAtLeast(min: number) {
  return (raw: string): number | undefined => {
    const value = Number(raw);
    return /^\d+$/.test(raw) && Number.isSafeInteger(value) && value >= min ? value : undefined;
  };
}

function positiveNumber(raw: string): number | undefined {
  const value = Number(raw);
  return /^\d+(\.\d+)?$/.test(raw) && value > 0 ? value : undefined;
}
