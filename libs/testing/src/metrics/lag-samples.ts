/** What the apps report of their consumers' lag: store subscriptions (relays included) and Kafka groups. */
export const LAG_METRICS = ['shipping_subscription_lag_events', 'shipping_kafka_consumer_lag_messages'];

/** `metric{labels}` -> value, of the lag metrics in one /metrics text. */
export function lagSamplesOf(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(\{[^}]*\}) ([0-9.e+-]+)$/.exec(line);
    if (match && LAG_METRICS.includes(match[1])) samples.set(`${match[1]}${match[2]}`, Number(match[3]));
  }
  return samples;
}
