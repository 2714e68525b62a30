import { DEFAULT_RETRY_SCHEDULE_MS, readWebhookConfig } from './webhook-config';

const KEY_1 = Buffer.alloc(32, 1).toString('base64');
const KEY_2 = Buffer.alloc(32, 2).toString('base64');

describe('webhook configuration', () => {
  it('defaults to a 10 s timeout, seconds-to-a-day retries, a 250 ms poll and internal targets allowed (the sandbox)', () => {
    expect(readWebhookConfig({})).toEqual({
      timeoutMs: 10_000,
      retryScheduleMs: DEFAULT_RETRY_SCHEDULE_MS,
      pollIntervalMs: 250,
      allowPrivateTargets: true,
      concurrency: 64,
      endpointConcurrency: 4,
      accountConcurrency: 16,
      maxEndpointsPerAccount: 16,
      secretKeys: [{ id: 'sandbox', key: expect.any(Buffer) }],
      deliveryRetentionMs: 30 * 86_400_000,
    });
    expect(DEFAULT_RETRY_SCHEDULE_MS[0]).toBe(10_000);
    expect(DEFAULT_RETRY_SCHEDULE_MS.at(-1)).toBe(86_400_000);
  });

  it('reads every variable', () => {
    expect(
      readWebhookConfig({
        WEBHOOK_TIMEOUT_MS: '500',
        WEBHOOK_RETRY_SCHEDULE_MS: '50, 50,100',
        WEBHOOK_POLL_INTERVAL_MS: '10',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false',
        WEBHOOK_CONCURRENCY: '8',
        WEBHOOK_ENDPOINT_CONCURRENCY: '1',
        WEBHOOK_ACCOUNT_CONCURRENCY: '3',
        WEBHOOK_MAX_ENDPOINTS_PER_ACCOUNT: '2',
        WEBHOOK_SECRET_KEYS: `k2:${KEY_2},k1:${KEY_1}`,
        WEBHOOK_DELIVERY_RETENTION_DAYS: '7',
      }),
    ).toEqual({
      timeoutMs: 500,
      retryScheduleMs: [50, 50, 100],
      pollIntervalMs: 10,
      allowPrivateTargets: false,
      concurrency: 8,
      endpointConcurrency: 1,
      accountConcurrency: 3,
      maxEndpointsPerAccount: 2,
      secretKeys: [
        { id: 'k2', key: Buffer.from(KEY_2, 'base64') },
        { id: 'k1', key: Buffer.from(KEY_1, 'base64') },
      ],
      deliveryRetentionMs: 7 * 86_400_000,
    });
  });

  it.each([
    ['WEBHOOK_TIMEOUT_MS', '0'],
    ['WEBHOOK_TIMEOUT_MS', '1.5'],
    ['WEBHOOK_RETRY_SCHEDULE_MS', '50,,50'],
    ['WEBHOOK_RETRY_SCHEDULE_MS', '1m'],
    ['WEBHOOK_POLL_INTERVAL_MS', '-1'],
    ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'yes'],
    ['WEBHOOK_CONCURRENCY', '0'],
    ['WEBHOOK_ENDPOINT_CONCURRENCY', 'many'],
    ['WEBHOOK_MAX_ENDPOINTS_PER_ACCOUNT', '0'],
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', '0'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => readWebhookConfig({ [name]: value })).toThrow(
      `Invalid environment variable ${name}=${JSON.stringify(value)}`,
    );
  });

  it('refuses a WEBHOOK_SECRET_KEYS entry that is not a 32-byte key, naming the variable but not the key', () => {
    expect(() => readWebhookConfig({ WEBHOOK_SECRET_KEYS: 'k1:c2hvcnQ=' })).toThrow(
      'Invalid environment variable WEBHOOK_SECRET_KEYS: key "k1" is 5 bytes, not 32',
    );
  });
});
