import {
  checkEnvironment,
  ConfigurationError,
  SANDBOX_CARRIER_CREDENTIAL_KEYS,
  SANDBOX_MESSAGE_SECRET_KEYS,
} from '@shipping/platform/config';
import { randomBytes } from 'node:crypto';
import { EMBEDDED_ENVIRONMENT } from './embedded-environment';
import { productionEnvironment } from './production-environment.fixture';

const PRODUCTION = {
  ...productionEnvironment(),
  ADMIN_API_KEY: randomBytes(24).toString('hex'),
  REDIS_URL: 'redis://redis:6379',
};

const problemsOf = (env: Record<string, string | undefined>) => {
  try {
    checkEnvironment(EMBEDDED_ENVIRONMENT, env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    return error.problems.map((problem) => problem.split(':')[0]);
  }
};

describe('the embedded runtime in production mode', () => {
  it('starts with every key of its own', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
  });

  it('refuses to start without a key of its own for the fingerprints of Idempotency-Key requests', () => {
    expect(problemsOf({ ...PRODUCTION, MESSAGE_SECRET_KEYS: undefined })).toEqual(['MESSAGE_SECRET_KEYS']);
    expect(problemsOf({ ...PRODUCTION, MESSAGE_SECRET_KEYS: SANDBOX_MESSAGE_SECRET_KEYS })).toEqual([
      'MESSAGE_SECRET_KEYS',
    ]);
  });

  it("refuses to start without a key of its own for merchants' carrier credentials", () => {
    expect(problemsOf({ ...PRODUCTION, CARRIER_CREDENTIAL_KEYS: undefined })).toEqual([
      'CARRIER_CREDENTIAL_KEYS',
    ]);
    expect(problemsOf({ ...PRODUCTION, CARRIER_CREDENTIAL_KEYS: SANDBOX_CARRIER_CREDENTIAL_KEYS })).toEqual([
      'CARRIER_CREDENTIAL_KEYS',
    ]);
  });

  it('publishes public events to Kafka only over TLS with SASL/SCRAM', () => {
    expect(problemsOf({ ...PRODUCTION, KAFKA_BROKERS: 'kafka:9093' })).toEqual(['KAFKA_BROKERS']);
    expect(
      problemsOf({
        ...PRODUCTION,
        KAFKA_BROKERS: 'kafka:9093',
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: 'scram-sha-256',
        KAFKA_SASL_USERNAME: 'events',
        KAFKA_SASL_PASSWORD: randomBytes(18).toString('base64url'),
      }),
    ).toEqual([]);
  });
});
