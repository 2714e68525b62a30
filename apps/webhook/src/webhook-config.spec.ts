import { DEFAULT_RETRY_SCHEDULE_MS, readWebhookConfig } from './webhook-config';

describe('webhook configuration', () => {
  it('defaults to a 10 s timeout, seconds-to-a-day retries, a 250 ms poll and internal targets allowed (the sandbox)', () => {
    expect(readWebhookConfig({})).toEqual({
      timeoutMs: 10_000,
      retryScheduleMs: DEFAULT_RETRY_SCHEDULE_MS,
      pollIntervalMs: 250,
      allowPrivateTargets: true,
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
      }),
    ).toEqual({
      timeoutMs: 500,
      retryScheduleMs: [50, 50, 100],
      pollIntervalMs: 10,
      allowPrivateTargets: false,
    });
  });

  it.each([
    ['WEBHOOK_TIMEOUT_MS', '0'],
    ['WEBHOOK_TIMEOUT_MS', '1.5'],
    ['WEBHOOK_RETRY_SCHEDULE_MS', '50,,50'],
    ['WEBHOOK_RETRY_SCHEDULE_MS', '1m'],
    ['WEBHOOK_POLL_INTERVAL_MS', '-1'],
    ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'yes'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => readWebhookConfig({ [name]: value })).toThrow(
      `Invalid environment variable ${name}=${JSON.stringify(value)}`,
    );
  });
});
