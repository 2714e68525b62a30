import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { DistributedConfig } from '../distributed/distributed-config';
import { readLabelUrlConfig, SANDBOX_LABEL_URL_SECRET } from '../labels/label-urls';
import { checkEnvironment, type Env } from './app-environment';
import { PRODUCTION_CHECKS, productionRefusals, productionWarnings } from './production-checks';
import {
  SANDBOX_ADMIN_API_KEY,
  SANDBOX_CARRIER_CREDENTIAL_KEYS,
  SANDBOX_MESSAGE_SECRET_KEYS,
  SANDBOX_WEBHOOK_SECRET_KEYS,
} from './sandbox-defaults';
import { ConfigurationError } from './validate-config';

const KEY = Buffer.alloc(32, 7).toString('base64');

/** A production environment that every check accepts. */
const SAFE: Env = {
  SHIPPING_MODE: 'production',
  LABEL_URL_SECRET: 'a-long-random-label-url-secret-0123',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false',
  SANDBOX_API_KEYS: 'false',
  WEBHOOK_SECRET_KEYS: `k1:${KEY}`,
  DATABASE_URL: 'postgres://shipping:Xk39-long-random@db:5432/shipping_order',
  KAFKA_SSL: 'true',
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: 'shipping',
  KAFKA_SASL_PASSWORD: 'Yq82-long-random',
  ADMIN_API_KEY: 'Zr71-a-long-random-admin-key',
  MESSAGE_SECRET_KEYS: `m1:${KEY}`,
  CARRIER_CREDENTIAL_KEYS: `c1:${KEY}`,
  AUDIT_SIGNING_KEYS: `a1:${KEY}`,
};

/** The same, for an app whose transport is Kafka: TLS, SASL/SCRAM and the payload key. */
const SAFE_ON_KAFKA: Env = {
  ...SAFE,
  KAFKA_BROKERS: 'kafka-1:9093,kafka-2:9093',
};
const EVERY_SETTING = PRODUCTION_CHECKS.map((check) => check.setting);
const refused = (env: Env) => productionRefusals(EVERY_SETTING, env).map((refusal) => refusal.split(':')[0]);

describe('production mode', () => {
  it('refuses nothing in the sandbox, the default', () => {
    expect(productionRefusals(EVERY_SETTING, {})).toEqual([]);
    expect(productionRefusals(EVERY_SETTING, { SHIPPING_MODE: 'sandbox' })).toEqual([]);
  });

  it('starts with settings nobody can guess', () => {
    expect(refused(SAFE)).toEqual([]);
  });

  it('refuses every sandbox default, naming each setting', () => {
    expect(refused({ SHIPPING_MODE: 'production' })).toEqual([
      'LABEL_URL_SECRET',
      'WEBHOOK_ALLOW_PRIVATE_TARGETS',
      'SANDBOX_API_KEYS',
      'WEBHOOK_SECRET_KEYS',
      'CARRIER_CREDENTIAL_KEYS',
      'MESSAGE_SECRET_KEYS',
      'AUDIT_SIGNING_KEYS',
    ]);
  });

  it.each([
    ['LABEL_URL_SECRET', { LABEL_URL_SECRET: undefined }],
    ['LABEL_URL_SECRET', { LABEL_URL_SECRET: SANDBOX_LABEL_URL_SECRET }],
    ['LABEL_URL_SECRET', { LABEL_URL_SECRET: 'change-me-to-at-least-16-random-characters' }],
    ['WEBHOOK_ALLOW_PRIVATE_TARGETS', { WEBHOOK_ALLOW_PRIVATE_TARGETS: undefined }],
    ['WEBHOOK_ALLOW_PRIVATE_TARGETS', { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }],
    ['SANDBOX_API_KEYS', { SANDBOX_API_KEYS: undefined }],
    ['SANDBOX_API_KEYS', { SANDBOX_API_KEYS: 'true' }],
    ['WEBHOOK_SECRET_KEYS', { WEBHOOK_SECRET_KEYS: undefined }],
    ['WEBHOOK_SECRET_KEYS', { WEBHOOK_SECRET_KEYS: SANDBOX_WEBHOOK_SECRET_KEYS }],
    [
      'WEBHOOK_SECRET_KEYS',
      { WEBHOOK_SECRET_KEYS: `new:${KEY},${SANDBOX_WEBHOOK_SECRET_KEYS.replace('sandbox', 'old')}` },
    ],
    ['CARRIER_CREDENTIAL_KEYS', { CARRIER_CREDENTIAL_KEYS: undefined }],
    ['CARRIER_CREDENTIAL_KEYS', { CARRIER_CREDENTIAL_KEYS: SANDBOX_CARRIER_CREDENTIAL_KEYS }],
    [
      'CARRIER_CREDENTIAL_KEYS',
      { CARRIER_CREDENTIAL_KEYS: `new:${KEY},${SANDBOX_CARRIER_CREDENTIAL_KEYS.replace('sandbox', 'old')}` },
    ],
    ['CARRIER_CREDENTIAL_KEYS', { CARRIER_CREDENTIAL_KEYS: 'c1:change-me' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://shipping:shipping@postgres:5432/shipping_order' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://shipping:change-me@postgres:5432/shipping_order' }],
    ['REDIS_URL', { REDIS_URL: 'redis://:change-me@redis:6379' }],
    ['REDIS_URL', { REDIS_URL: 'rediss://default:shipping@cache.internal:6380' }],
    ['KAFKA_SASL_PASSWORD', { KAFKA_SASL_PASSWORD: 'shipping' }],
    ['KAFKA_SASL_PASSWORD', { KAFKA_SASL_PASSWORD: 'change-me' }],
    ['KAFKA_SASL_PASSWORD', { KAFKA_SASL_PASSWORD: undefined }],
    ['ADMIN_API_KEY', { ADMIN_API_KEY: SANDBOX_ADMIN_API_KEY }],
    ['ADMIN_API_KEY', { ADMIN_API_KEY: 'change-me-to-a-long-random-admin-key' }],
    ['ADMIN_API_KEY', { ADMIN_API_KEY: 'e2e2b65b7adcdd83' }],
    ['ADMIN_API_KEY', { ADMIN_API_KEY: '0e8389a95cb0c0f4be0887674cf794' }],
    ['ADMIN_API_KEY', { ADMIN_API_KEY: 'iRcHdRnNYSnq8yp3WgdZ' }],
  ])('refuses %s when it is %j', (setting, change) => {
    expect(refused({ ...SAFE, ...change })).toEqual([setting]);
  });

  it.each([
    ['-hex 16', randomBytes(16).toString('hex')],
    ['-base64 16', randomBytes(16).toString('base64')],
    ['-base64 32', randomBytes(32).toString('base64')],
  ])('accepts an ADMIN_API_KEY of 128 bits or more, as openssl rand %s prints', (_form, key) => {
    expect(refused({ ...SAFE, ADMIN_API_KEY: key })).toEqual([]);
  });

  it('says why a short ADMIN_API_KEY is refused without showing it', () => {
    const key = randomBytes(12).toString('hex');
    const [refusal] = productionRefusals(EVERY_SETTING, { ...SAFE, ADMIN_API_KEY: key });
    expect(refusal).toMatch(/^ADMIN_API_KEY: too short to hold 128 bits of randomness \(value not shown\)/);
    expect(refusal).not.toContain(key);
  });

  describe('on Kafka', () => {
    const KAFKA_REFUSAL =
      'KAFKA_BROKERS: Kafka without TLS and SASL/SCRAM: whoever reaches a broker could write commands for any account and read the replies; set KAFKA_SSL=true (KAFKA_SSL_CA_FILE for a private CA) and KAFKA_SASL_MECHANISM=scram-sha-256 or scram-sha-512 with KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD (SHIPPING_MODE=production)';

    it('starts with TLS, SASL/SCRAM and a payload key of its own', () => {
      expect(refused(SAFE_ON_KAFKA)).toEqual([]);
      expect(refused({ ...SAFE_ON_KAFKA, KAFKA_SASL_MECHANISM: 'scram-sha-256' })).toEqual([]);
    });

    it.each([
      ['without TLS', { KAFKA_SSL: undefined }],
      ['with KAFKA_SSL=false', { KAFKA_SSL: 'false' }],
      [
        'without SASL',
        { KAFKA_SASL_MECHANISM: undefined, KAFKA_SASL_USERNAME: undefined, KAFKA_SASL_PASSWORD: undefined },
      ],
      ['with SASL PLAIN', { KAFKA_SASL_MECHANISM: 'plain' }],
      [
        'with neither',
        { KAFKA_SSL: undefined, KAFKA_SASL_MECHANISM: undefined, KAFKA_SASL_PASSWORD: undefined },
      ],
    ])('refuses Kafka %s, in one message naming the variables', (_case, change) => {
      expect(productionRefusals(EVERY_SETTING, { ...SAFE_ON_KAFKA, ...change })).toEqual([KAFKA_REFUSAL]);
    });

    it.each([
      ['unset', { MESSAGE_SECRET_KEYS: undefined }],
      ['the sandbox key', { MESSAGE_SECRET_KEYS: SANDBOX_MESSAGE_SECRET_KEYS }],
      ['a placeholder', { MESSAGE_SECRET_KEYS: 'm1:change-me' }],
    ])('refuses MESSAGE_SECRET_KEYS %s: secrets in message payloads are sealed with it', (_case, change) => {
      expect(refused({ ...SAFE_ON_KAFKA, ...change })).toEqual(['MESSAGE_SECRET_KEYS']);
    });

    it("refuses a distributed app's default broker too: its transport is Kafka whether KAFKA_BROKERS is set or not", () => {
      const environment = { config: DistributedConfig, readers: [] };
      const { KAFKA_BROKERS: _set, ...unset } = SAFE_ON_KAFKA;
      expect(() => checkEnvironment(environment, unset)).not.toThrow();
      expect(() => checkEnvironment(environment, { ...unset, KAFKA_SSL: 'false' })).toThrow(
        /KAFKA_BROKERS: Kafka without TLS and SASL\/SCRAM/,
      );
    });
  });

  it('accepts no ADMIN_API_KEY at all: the admin API is then closed (404)', () => {
    expect(refused({ ...SAFE, ADMIN_API_KEY: undefined })).toEqual([]);
  });

  it('accepts a DATABASE_URL without a password (peer or certificate authentication), and no SASL where Kafka is not used', () => {
    expect(
      refused({
        ...SAFE,
        DATABASE_URL: 'postgres://shipping@db/orders',
        KAFKA_SASL_MECHANISM: undefined,
        KAFKA_SASL_PASSWORD: undefined,
      }),
    ).toEqual([]);
  });

  it('accepts a REDIS_URL without a password (a private network) or with one nobody can guess', () => {
    expect(refused({ ...SAFE, REDIS_URL: 'redis://redis:6379' })).toEqual([]);
    expect(refused({ ...SAFE, REDIS_URL: 'rediss://:Wm44-long-random@cache.internal:6380/1' })).toEqual([]);
  });

  describe('warns, without refusing to start, that rate limits are per gateway process without REDIS_URL', () => {
    const GATEWAY_READS = ['REDIS_URL', 'RATE_LIMIT_PER_MINUTE', 'UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE'];
    const warned = (env: Env, read = GATEWAY_READS) => productionWarnings(read, env);

    it('while either limit is on (both are by default)', () => {
      expect(warned({ SHIPPING_MODE: 'production' })).toEqual([
        'REDIS_URL: unset: RATE_LIMIT_PER_MINUTE and UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE are counted by each gateway process, so N gateways allow N times the limit together; set REDIS_URL to count them once for all (SHIPPING_MODE=production)',
      ]);
      expect(warned({ SHIPPING_MODE: 'production', RATE_LIMIT_PER_MINUTE: '0' })).toEqual([
        expect.stringMatching(
          /^REDIS_URL: unset: UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE is counted by each gateway process/,
        ),
      ]);
    });

    it("and that a label process counts its carriers' limits alone, in the label app's words", () => {
      const labelReads = ['REDIS_URL', 'CARRIER_RETRY_ATTEMPTS'];
      expect(warned({ SHIPPING_MODE: 'production' }, labelReads)).toEqual([
        "REDIS_URL: unset: the carrier accounts' rate and concurrency limits are counted by each label process, so N label processes call a carrier up to N times its limit; set REDIS_URL to count them once for all (SHIPPING_MODE=production)",
      ]);
      expect(warned({ SHIPPING_MODE: 'production' }, [...GATEWAY_READS, 'CARRIER_RETRY_ATTEMPTS'])).toEqual([
        expect.stringMatching(/each gateway process, .*; the carrier accounts' .* each label process/),
      ]);
      expect(warned({ SHIPPING_MODE: 'production', REDIS_URL: 'redis://redis:6379' }, labelReads)).toEqual(
        [],
      );
    });

    it.each([
      ['with REDIS_URL set', { SHIPPING_MODE: 'production', REDIS_URL: 'redis://redis:6379' }, GATEWAY_READS],
      [
        'with both limits off',
        {
          SHIPPING_MODE: 'production',
          RATE_LIMIT_PER_MINUTE: '0',
          UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: '0',
        },
        GATEWAY_READS,
      ],
      ['in the sandbox', {}, GATEWAY_READS],
      [
        'to an app that reads no REDIS_URL (no gateway in it)',
        { SHIPPING_MODE: 'production' },
        ['DATABASE_URL'],
      ],
    ])('but not %s', (_case, env, read) => {
      expect(warned(env, read)).toEqual([]);
    });

    it('through the check of the whole environment, which answers the warnings and starts', () => {
      const environment = {
        config: DistributedConfig,
        readers: [readLabelUrlConfig, (env: Env) => [env['REDIS_URL'], env['RATE_LIMIT_PER_MINUTE']]],
      };
      expect(checkEnvironment(environment, { ...SAFE })).toEqual([
        expect.stringMatching(/^REDIS_URL: unset: /),
      ]);
      expect(checkEnvironment(environment, { ...SAFE, REDIS_URL: 'redis://redis:6379' })).toEqual([]);
    });
  });

  it("checks an app only for what it reads, and through its configuration's validation", () => {
    const environment = { config: DistributedConfig, readers: [readLabelUrlConfig] };
    try {
      checkEnvironment(environment, {
        SHIPPING_MODE: 'production',
        DATABASE_URL: 'postgres://shipping:shipping@postgres/x',
      });
      throw new Error('expected a ConfigurationError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).problems.map((problem) => problem.split(':')[0])).toEqual([
        'LABEL_URL_SECRET',
        'DATABASE_URL',
        'KAFKA_BROKERS',
      ]);
    }
    expect(() => checkEnvironment(environment, { ...SAFE })).not.toThrow();
    expect(() =>
      checkEnvironment(environment, { SHIPPING_MODE: 'staging', DATABASE_URL: SAFE['DATABASE_URL'] }),
    ).toThrow('SHIPPING_MODE must be sandbox or production');
  });
});
