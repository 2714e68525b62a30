import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { WebhookSchema } from '../webhook-schema';
import { DeliveryQueue } from './delivery-queue';

const backends = sqlBackends<SqlClient>('delivery_queue', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 4 }),
});
const DELIVERIES = 40;

/** Dispatchers of several webhook instances claiming due deliveries at once (`for update skip locked`). */
describe.each(backends)('the delivery queue on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;

  beforeEach(async () => {
    db = await backend.open();
    const sql = db.client();
    await new WebhookSchema(sql).onModuleInit();
    for (const endpoint of [1, 2])
      await sql.query(
        `insert into webhook_endpoints (id, account_id, url, secret, created_at)
         values ($1, 'acct_acme', 'http://127.0.0.1:9/hooks', 'secret', now())`,
        [endpoint],
      );
    for (let index = 0; index < DELIVERIES; index++)
      await sql.query(
        `insert into webhook_deliveries (id, endpoint_id, account_id, event_id, body, status, next_attempt_at, created_at)
         values ($1, $2, 'acct_acme', $1, '{}', 'pending', now(), now())`,
        [`d${index}`, 1 + (index % 2)],
      );
  });

  afterEach(() => db.close());

  it('gives each due delivery to one of the dispatchers that claim at once', async () => {
    const dispatchers = Array.from({ length: 4 }, () => new DeliveryQueue(db.client()));
    const rounds = await Promise.all(
      dispatchers.flatMap((queue, index) =>
        [0, 1, 2].map(() => queue.claimDue(`lease-${index}`, 60_000, 5, DELIVERIES, DELIVERIES)),
      ),
    );
    const claimed = rounds.flat().map((delivery) => delivery.id);
    expect(claimed.length).toBe(new Set(claimed).size);
    const { rows } = await db
      .client()
      .query<{ count: string }>(
        `select count(*)::text as count from webhook_deliveries where lease_token is not null`,
      );
    expect(Number(rows[0].count)).toBe(claimed.length);
  });

  it('gives a released delivery to one dispatcher again, and none of a held one', async () => {
    const [first, second] = [new DeliveryQueue(db.client()), new DeliveryQueue(db.client())];
    const held = await first.claimDue('first', 60_000, DELIVERIES, DELIVERIES, DELIVERIES);
    expect(held).toHaveLength(DELIVERIES);
    expect(await second.claimDue('second', 60_000, DELIVERIES, DELIVERIES, DELIVERIES)).toEqual([]);
    await first.release('first', held.slice(0, 10));
    const again = await Promise.all([
      first.claimDue('first-again', 60_000, DELIVERIES, DELIVERIES, DELIVERIES),
      second.claimDue('second', 60_000, DELIVERIES, DELIVERIES, DELIVERIES),
    ]);
    expect(again.flat()).toHaveLength(10);
  });
});
