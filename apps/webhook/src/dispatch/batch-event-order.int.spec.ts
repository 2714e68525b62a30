import type { WebhookBatchBody, WebhookNotification } from '@shipping/contracts';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { createTestDatabase, eventually, type TestDatabase } from '@shipping/testing';
import { startReceiver, type Receiver } from '../testing/receiver';
import {
  context,
  createWebhookTestApp,
  STARTUP_TIMEOUT_MS,
  type WebhookTestApp,
} from '../testing/webhook-test-app';

const BATCHES = 12;
const TYPES = ['batch.validated', 'batch.item_failed', 'batch.completed'] as const;
const header = (call: Receiver['calls'][number], name: string) => String(call.headers[name]);

/**
 * Two webhook app instances on one PostgreSQL database, each with its own dispatcher, and an
 * endpoint that refuses the first attempt of every batch.validated: the retry is due 50 ms later,
 * while the batch's later events are already due. Each batch's events must still arrive in order.
 */
describe('batch events to one endpoint, with two dispatchers on one database', () => {
  let database: TestDatabase;
  const clients: SqlClient[] = [];
  const apps: WebhookTestApp[] = [];
  let receiver: Receiver;

  beforeAll(async () => {
    database = await createTestDatabase('webhook_order');
    for (let n = 0; n < 2; n++) {
      clients.push(createPgSqlClient(database.url, { max: 4 }));
      apps.push(await createWebhookTestApp({ endpointConcurrency: 4 }, undefined, clients[n]));
    }
    const refusedOnce = new Set<string>();
    receiver = await startReceiver((_call, headers) => {
      const id = String(headers['webhook-id']);
      if (headers['webhook-event-type'] !== 'batch.validated' || refusedOnce.has(id)) return 200;
      refusedOnce.add(id);
      return 500;
    });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await receiver?.close();
    for (const app of apps) await app.close();
    for (const client of clients) await client.close();
    await database?.drop();
  });

  it('never sends a batch.validated after its batch.completed, retries included, each event under one webhook-id', async () => {
    await apps[0].handlers.register({
      context: context('acct_order'),
      payload: { url: receiver.url, events: [...TYPES] },
    });
    const notification = (batch: number, position: number): WebhookNotification => {
      const body: WebhookBatchBody = {
        type: TYPES[position],
        timestamp: new Date().toISOString(),
        data: { id: `bat${batch}` } as WebhookBatchBody['data'],
      };
      return {
        event_id: `evt-${batch}-${position}`,
        account_id: 'acct_order',
        event_type: TYPES[position],
        order_key: `batch:bat${batch}`,
        order_position: position,
        body,
      };
    };
    for (let batch = 0; batch < BATCHES; batch++) {
      for (let position = 0; position < TYPES.length; position++) {
        await apps[(batch + position) % 2].handlers.notify({
          context: context('source'),
          payload: notification(batch, position),
        });
      }
    }

    const accepted = () => receiver.calls.filter((call) => call.status === 200);
    await eventually(async () => (accepted().length === BATCHES * TYPES.length ? true : undefined), 30_000);

    for (let batch = 0; batch < BATCHES; batch++) {
      const ofBatch = receiver.calls.filter((call) => JSON.parse(call.body).data.id === `bat${batch}`);
      expect(ofBatch.map((call) => [header(call, 'webhook-event-type'), call.status])).toEqual([
        ['batch.validated', 500],
        ['batch.validated', 200],
        ['batch.item_failed', 200],
        ['batch.completed', 200],
      ]);
      expect(ofBatch[0].headers['webhook-id']).toBe(ofBatch[1].headers['webhook-id']);
      expect(new Set(ofBatch.map((call) => header(call, 'webhook-id'))).size).toBe(3);
    }
    const statuses = async () =>
      (
        await clients[0].query<{ status: string; count: number }>(
          'select status, count(*)::int as count from webhook_deliveries group by status',
        )
      ).rows;
    await eventually(async () => ((await statuses()).length === 1 ? true : undefined));
    expect(await statuses()).toEqual([{ status: 'delivered', count: BATCHES * TYPES.length }]);
  });
});
