import { DURATION_BUCKETS } from '@shipping/messaging';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * The service's own metrics, in prom-client's default registry: one per process, so the embedded
 * runtime serves every app's figures at one endpoint. Names follow Prometheus' conventions: the
 * unit in the name, `_total` on counters.
 */
export const metrics = {
  httpRequestDuration: new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests the gateway answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
  }),
  batchPhaseDuration: new Histogram({
    name: 'shipping_batch_phase_duration_seconds',
    help: 'Time a batch spent in a phase: created_to_ready (validation), shipped_to_completed (labelling)',
    labelNames: ['phase'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
  }),
  labelsBought: new Counter({
    name: 'shipping_labels_bought_total',
    help: 'Labels bought from the carrier',
  }),
  labelsFailed: new Counter({
    name: 'shipping_labels_failed_total',
    help: 'Labels the carrier refused or that could not be bought',
  }),
  webhookDeliveries: new Counter({
    name: 'shipping_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered, retrying, failed)',
    labelNames: ['outcome'],
  }),
  idempotencyReplays: new Counter({
    name: 'shipping_idempotency_replays_total',
    help: 'Requests answered with the outcome recorded for their Idempotency-Key, by layer (gateway, handler)',
    labelNames: ['layer'],
  }),
  subscriberEvents: new Counter({
    name: 'shipping_subscriber_events_total',
    help: 'Events a projection or process manager of this process handled (or parked), by subscription',
    labelNames: ['subscription'],
  }),
  relaysLed: new Gauge({
    name: 'shipping_relay_leader',
    help: "1 while this process is the elected leader that relays its app's stored and public events to Kafka",
  }),
  idempotencyConflicts: new Counter({
    name: 'shipping_idempotency_conflicts_total',
    help: 'Requests refused because their Idempotency-Key was used with another request, by layer',
    labelNames: ['layer'],
  }),
};

/** A gauge read at each scrape: `read` answers the value, or undefined to report nothing. */
export function gaugeReadAtScrape(
  name: string,
  help: string,
  read: () => Promise<number | undefined>,
): Gauge {
  const existing = register.getSingleMetric(name);
  if (existing) register.removeSingleMetric(name);
  return new Gauge({
    name,
    help,
    async collect() {
      const value = await read().catch(() => undefined);
      if (value === undefined) this.reset();
      else this.set(value);
    },
  });
}

let defaultsCollected = false;

/** The text a Prometheus scrape reads; Node's default metrics are collected from the first call on. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  if (!defaultsCollected) {
    defaultsCollected = true;
    collectDefaultMetrics();
  }
  return { contentType: register.contentType, body: await register.metrics() };
}
