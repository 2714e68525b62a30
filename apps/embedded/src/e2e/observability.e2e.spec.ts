import { Client } from 'pg';
import { type components, unwrap, waitForBatchStatus } from '@shipping/client';
import {
  batchShipment,
  createTestDatabase,
  eventually,
  type RuntimeProcess,
  startRuntime,
  type TestDatabase,
  testClient,
} from '@shipping/testing';

/** The value of one sample of a Prometheus text exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split(' ')[0];
    if (wanted.every((pair) => labelText.includes(pair))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

const metricsOf = async (runtime: RuntimeProcess) => (await fetch(`${runtime.baseUrl}/metrics`)).text();

describe('GET /metrics after a batch', () => {
  let runtime: RuntimeProcess;

  beforeAll(async () => {
    runtime = await startRuntime();
  });

  afterAll(async () => {
    await runtime?.stop();
  });

  it('counts the batch’s validation and labelling phases, its labels and the requests that made it', async () => {
    const acme = testClient(runtime.baseUrl, 'sk_test_acme');
    const created = await acme.POST('/batches', {
      body: {
        shipper_id: 1,
        service: 'USPS-1',
        batch_shipments: [batchShipment(0), batchShipment(1), batchShipment(2)],
      },
    });
    expect(created.response.status).toBe(201);
    const batchId = unwrap(created).id;
    await waitForBatchStatus(acme, batchId, ['ready']);
    const shipped = await acme.POST('/batches/{batch_id}/ship', { params: { path: { batch_id: batchId } } });
    expect(shipped.response.status).toBe(200);
    await waitForBatchStatus(acme, batchId, ['completed']);

    const response = await fetch(`${runtime.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(sample(text, 'shipping_batch_phase_duration_seconds_count', { phase: 'created_to_ready' })).toBe(
      1,
    );
    expect(
      sample(text, 'shipping_batch_phase_duration_seconds_count', { phase: 'shipped_to_completed' }),
    ).toBe(1);
    expect(sample(text, 'shipping_labels_bought_total')).toBe(3);
    expect(sample(text, 'shipping_labels_failed_total')).toBe(0);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/batches',
        status: '201',
      }),
    ).toBe(1);
    expect(
      sample(text, 'shipping_command_duration_seconds_count', { pattern: 'batch.create', outcome: 'ok' }),
    ).toBe(1);
    expect(
      sample(text, 'shipping_query_duration_seconds_count', { pattern: 'batch.get', outcome: 'ok' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    const readModelLag = await eventually(async () => {
      const lag = sample(await metricsOf(runtime), 'shipping_subscription_lag_events', {
        subscription: 'batch.read-model',
      });
      return lag === 0 ? lag : undefined;
    });
    expect(readModelLag).toBe(0);
  });

  it('counts a replayed Idempotency-Key and a reused one', async () => {
    const acme = testClient(runtime.baseUrl, 'sk_test_acme');
    const before =
      sample(await metricsOf(runtime), 'shipping_idempotency_replays_total', { layer: 'gateway' }) ?? 0;
    const body: components['schemas']['CreateBatchRequest'] = {
      shipper_id: 1,
      service: 'USPS-1',
      batch_shipments: [batchShipment(0)],
    };
    const headers = { 'Idempotency-Key': `metrics-${Date.now()}` };
    const statusOf = async (sent: typeof body) =>
      (await acme.POST('/batches', { body: sent, headers })).response.status;
    expect(await statusOf(body)).toBe(201);
    expect(await statusOf(body)).toBe(201);
    expect(await statusOf({ ...body, service: 'USPS-2' })).toBe(422);

    const text = await metricsOf(runtime);
    expect(sample(text, 'shipping_idempotency_replays_total', { layer: 'gateway' })).toBe(before + 1);
    expect(sample(text, 'shipping_idempotency_conflicts_total', { layer: 'gateway' })).toBe(1);
  });
});

describe('GET /health/ready', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;
  const databaseName = () => new URL(database.url).pathname.slice(1);
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const readiness = async () => {
    const response = await fetch(`${runtime.baseUrl}/health/ready`);
    return { status: response.status, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    database = await createTestDatabase('ready');
    runtime = await startRuntime({ env: { STORE: 'postgres', DATABASE_URL: database.url } });
  });

  afterAll(async () => {
    await admin(`alter database "${databaseName()}" with allow_connections true`).catch(() => undefined);
    await runtime?.stop();
    await database?.drop();
  });

  it('is false while the store is unreachable and true again once it answers, while the process stays live', async () => {
    // Ready first: right after the start a subscription may still be catching up (503 too).
    const before = await eventually(async () => {
      const answer = await readiness();
      return answer.status === 200 ? answer : undefined;
    });
    expect(before).toMatchObject({ status: 200, body: { data: { status: 'ok' } } });

    await admin(`alter database "${databaseName()}" with allow_connections false`);
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName()}'`);
    const unready = await eventually(async () => {
      const answer = await readiness();
      return answer.status === 503 ? answer : undefined;
    });
    expect(unready.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/store not answering/),
    });
    expect((await fetch(`${runtime.baseUrl}/health/live`)).status).toBe(200);

    await admin(`alter database "${databaseName()}" with allow_connections true`);
    const ready = await eventually(async () => {
      const answer = await readiness();
      return answer.status === 200 ? answer : undefined;
    });
    expect(ready.body.data.checks).toMatchObject({ store: 'ok', 'event store': 'ok', subscriptions: 'ok' });
  });
});
