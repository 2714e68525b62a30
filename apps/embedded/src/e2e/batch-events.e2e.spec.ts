import {
  apiClient,
  batchShipment,
  createTestDatabase,
  type RuntimeProcess,
  startRuntime,
  type TestDatabase,
  undeliverableBatchShipment,
} from '@shipping/testing';
import { batchWithStatus } from './batch-support';

describe('GET /batches/{id}/events on PostgreSQL', () => {
  let runtime: RuntimeProcess;
  let database: TestDatabase;
  let acme: ReturnType<typeof apiClient>;
  let tiny: ReturnType<typeof apiClient>;
  let batchId: string;

  beforeAll(async () => {
    database = await createTestDatabase('batch_events_e2e');
    runtime = await startRuntime({
      env: { STORE: 'postgres', DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '0' },
    });
    acme = apiClient(runtime.baseUrl, 'sk_test_acme');
    tiny = apiClient(runtime.baseUrl, 'sk_test_tiny');
    const created = await acme.post(
      '/batches',
      {
        shipper_id: 1,
        service: 'USPS-1',
        batch_shipments: [batchShipment(0), undeliverableBatchShipment(1), batchShipment(2)],
      },
      { 'x-request-id': 'create-batch-events-1' },
    );
    batchId = created.body.data.id;
    await batchWithStatus(acme, batchId, ['ready']);
    await acme.post(`/batches/${batchId}/ship`, undefined, { 'x-request-id': 'ship-batch-events-1' });
    await batchWithStatus(acme, batchId, ['completed']);
  });

  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
  });

  it('lists the batch stream in order, page by page, in the pagination envelope', async () => {
    const first = await acme.get(`/batches/${batchId}/events?per_page=4`);
    expect(first.status).toBe(200);
    const page = first.body.data;
    expect(page).toMatchObject({
      current_page: 1,
      per_page: 4,
      from: 1,
      to: 4,
      prev_page_url: null,
      path: `${runtime.baseUrl}/batches/${batchId}/events`,
      first_page_url: `${runtime.baseUrl}/batches/${batchId}/events?per_page=4&page=1`,
      next_page_url: `${runtime.baseUrl}/batches/${batchId}/events?per_page=4&page=2`,
    });
    const events = [...page.data];
    let next: string | null = page.next_page_url;
    while (next) {
      const more = await acme.get(next.replace(runtime.baseUrl, ''));
      events.push(...more.body.data.data);
      next = more.body.data.next_page_url;
    }
    expect(events.map((event) => event.type)).toEqual([
      'BatchCreated',
      'ItemValidated',
      'ItemValidated',
      'ItemValidated',
      'BatchValidated',
      'BatchShipped',
      'ItemCompleted',
      'ItemFailed',
      'ItemCompleted',
      'LabelFilesMerged',
      'BatchCompleted',
    ]);
    const [created, validated] = events;
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'BatchCreated',
      version: 3,
      data: expect.objectContaining({
        batch_id: batchId,
        service: 'USPS-1',
        shipper: { carrier: 'usps', integration: 'own' },
        key_mode: 'test',
        item_count: 3,
        items: expect.any(Array),
      }),
      occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      correlation_id: 'create-batch-events-1',
      causation_id: 'create-batch-events-1',
    });
    expect(validated.correlation_id).toBe('create-batch-events-1');
    expect(validated.causation_id).toBe(created.id);
    expect(events.find((event) => event.type === 'BatchShipped').correlation_id).toBe('ship-batch-events-1');
    expect(events.find((event) => event.type === 'ItemFailed').data).toMatchObject({
      batch_id: batchId,
      index: 1,
    });
    const times = events.map((event) => Date.parse(event.occurred_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it('answers an empty page past the end', async () => {
    const past = await acme.get(`/batches/${batchId}/events?page=9&per_page=4`);
    expect(past.status).toBe(200);
    expect(past.body.data).toMatchObject({
      data: [],
      from: null,
      to: null,
      next_page_url: null,
      current_page: 9,
    });
  });

  it('is "Batch not found." for another account and for an unknown batch', async () => {
    for (const [client, id] of [
      [tiny, batchId],
      [acme, 'unknownbatch'],
      [acme, `${batchId}x`],
    ] as const) {
      const response = await client.get(`/batches/${id}/events`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, message: 'Batch not found.' });
    }
  });

  it('refuses a bad page or per_page like other listings', async () => {
    const response = await acme.get(`/batches/${batchId}/events?per_page=0`);
    expect(response.status).toBe(422);
    expect(response.body.data).toEqual({ per_page: ['The per_page must be at least 1.'] });
  });
});
