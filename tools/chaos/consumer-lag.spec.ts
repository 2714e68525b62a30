import { lagSamplesOf } from '@shipping/testing';
import { caughtUp } from './consumer-lag';

describe('the consumers’ lag read from /metrics', () => {
  it('keeps the lag samples of subscriptions and consumer groups, each under its labels', () => {
    const text = [
      '# HELP shipping_subscription_lag_events Events of a subscription’s streams appended after the last one it handled',
      '# TYPE shipping_subscription_lag_events gauge',
      'shipping_subscription_lag_events{subscription="stored-events-relay"} 3',
      'shipping_kafka_consumer_lag_messages{group="shipping.pickup.pickup-orders",topic="pickup.stored-events",partition="0"} 0',
      'shipping_subscription_lag_seconds{subscription="stored-events-relay"} 1.5',
      'process_cpu_seconds_total 12',
    ].join('\n');
    expect([...lagSamplesOf(text)]).toEqual([
      ['shipping_subscription_lag_events{subscription="stored-events-relay"}', 3],
      [
        'shipping_kafka_consumer_lag_messages{group="shipping.pickup.pickup-orders",topic="pickup.stored-events",partition="0"}',
        0,
      ],
    ]);
  });

  it('counts as caught up only with nothing behind, nothing unreported and every instance answering', () => {
    const none = { behind: [], unreported: [], silent: [] };
    expect(caughtUp(none)).toBe(true);
    expect(caughtUp({ ...none, behind: ['pickup x 1'] })).toBe(false);
    expect(caughtUp({ ...none, unreported: ['pickup x'] })).toBe(false);
    expect(caughtUp({ ...none, silent: ['pickup#2'] })).toBe(false);
  });
});
