import { DEFAULT_RETRY_SCHEDULE_MS, readWebhookConfig } from './webhook-config';

describe('webhook configuration', () => {
  it('defaults to a 10 s timeout, seconds-to-a-day retries, a 250 ms poll and internal targets allowed (the sandbox)', () => {
    expect(readWebhookConfig({})).toEqual({
      timeoutMs: 10_000,
      retryScheduleMs: DEFAULT_RETRY_SCHEDULE_MS,
      pollIntervalMs: 250,
      allowPrivateTargets: true,
      concurrency: 64,
      endpointConcurrency: 4,
      maxEndpointsPerAccount: 16,
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
        WEBHOOK_MAX_ENDPOINTS_PER_ACCOUNT: '2',
      }),
    ).toEqual({
      timeoutMs: 500,
      retryScheduleMs: [50, 50, 100],
      pollIntervalMs: 10,
      allowPrivateTargets: false,
      concurrency: 8,
      endpointConcurrency: 1,
      maxEndpointsPerAccount: 2,
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
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => readWebhookConfig({ [name]: value })).toThrow(
      `Invalid environment variable ${name}=${JSON.stringify(value)}`,
    );
  });
});
