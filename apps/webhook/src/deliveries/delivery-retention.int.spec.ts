import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { RetentionJob } from '@shipping/platform/retention';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { createWebhookTestApp } from '../testing/webhook-test-app';
import { WEBHOOK_MIGRATIONS } from '../webhook.migrations';
import { deliveryRetention } from './delivery-retention';

const backends = sqlBackends<SqlClient>('webhook_retention', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 3 }),
});

const DAY = 86_400_000;
const now = new Date('2030-03-01T00:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

describe.each(backends)('webhook deliveries and their attempts past their retention on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    await schemaReady(sql, WEBHOOK_MIGRATIONS);
    await sql.query(
      `insert into webhook_endpoints (id, account_id, url, secret, created_at) values (1, 'acct_a', 'https://a.example/hook', 'sealed', $1)`,
      [daysAgo(90)],
    );
  }, 60_000);
  afterAll(() => db?.close());

  async function delivery(id: string, status: string, createdDaysAgo: number, attemptDaysAgo: number[]) {
    await sql.query(
      `insert into webhook_deliveries (id, endpoint_id, account_id, event_id, body, status, created_at)
       values ($1, 1, 'acct_a', $1, '{"to":"someone"}', $2, $3)`,
      [id, status, daysAgo(createdDaysAgo)],
    );
    for (const [index, ago] of attemptDaysAgo.entries())
      await sql.query(
        `insert into webhook_attempts (delivery_id, number, at, status_code, duration_ms) values ($1, $2, $3, 200, 5)`,
        [id, index + 1, daysAgo(ago)],
      );
  }

  it('deletes the deliveries settled before the retention with their attempts, and keeps pending and recent ones', async () => {
    await delivery('old-delivered', 'delivered', 40, [40]);
    await delivery('old-failed', 'failed', 45, [45, 44, 43]);
    await delivery('old-pending', 'pending', 45, [45]);
    await delivery('redelivered-lately', 'delivered', 45, [45, 2]);
    await delivery('recent', 'delivered', 3, [3]);

    const job = new RetentionJob(sql, { now: () => now }, deliveryRetention(30 * DAY), {
      batchSize: 1,
      intervalMs: DAY,
    });
    expect(await job.pruneOnce()).toEqual({ webhook_deliveries: 2 });

    const { rows: deliveries } = await sql.query<{ id: string }>(
      'select id from webhook_deliveries order by id',
    );
    expect(deliveries.map((row) => row.id)).toEqual(['old-pending', 'recent', 'redelivered-lately']);
    const { rows: attempts } = await sql.query<{ delivery_id: string }>(
      'select distinct delivery_id from webhook_attempts order by delivery_id',
    );
    expect(attempts.map((row) => row.delivery_id)).toEqual(['old-pending', 'recent', 'redelivered-lately']);
  });
});

describe("the webhook app's retention", () => {
  it('prunes its deliveries and the requests it has done', async () => {
    const app = await createWebhookTestApp();
    try {
      expect(await app.module.get(RetentionJob).pruneOnce()).toEqual({
        webhook_deliveries: 0,
        idempotent_requests: 0,
      });
    } finally {
      await app.close();
    }
  }, 60_000);
});
