import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import fc from 'fast-check';
import { PREVIOUS_CLAIM_DUE_SQL } from '../testing/previous-claim-statement';
import { WebhookSchema } from '../webhook-schema';
import { DeliveryQueue } from './delivery-queue';

/** An account share that never binds: the previous statement had none. */
const NO_ACCOUNT_SHARE = 1_000_000;

const backends = sqlBackends<SqlClient>('claim_due_rules', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 2 }),
});

const delivery = fc.record({
  endpoint: fc.integer({ min: 1, max: 4 }),
  status: fc.constantFrom('pending', 'pending', 'pending', 'pending', 'delivered', 'failed'),
  // Seconds from now: due (past, often the same second so ids break ties) or waiting for a retry.
  dueIn: fc.constantFrom(-90, -60, -60, -30, -30, -5, 20),
  lease: fc.constantFrom('none', 'none', 'none', 'held', 'expired'),
  orderKey: fc.constantFrom(null, null, 'batch:a', 'batch:b'),
  position: fc.integer({ min: 0, max: 4 }),
});

const outbox = fc.record({
  deleted: fc.subarray([1, 2, 3, 4], { maxLength: 1 }),
  deliveries: fc.array(delivery, { maxLength: 40 }),
  limit: fc.integer({ min: 1, max: 12 }),
  perEndpoint: fc.integer({ min: 1, max: 4 }),
});

type Outbox = typeof outbox extends fc.Arbitrary<infer T> ? T : never;

class RolledBack extends Error {}

/** The ids a claim takes, in a transaction rolled back afterwards so the next claim sees the same outbox. */
async function claimedBy(sql: SqlClient, claim: (tx: SqlClient) => Promise<string[]>): Promise<string[]> {
  let ids: string[] = [];
  await sql
    .transaction(async (tx) => {
      ids = (await claim(tx)).sort();
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return ids;
}

async function write(sql: SqlClient, { deleted, deliveries }: Outbox): Promise<void> {
  await sql.exec('truncate webhook_attempts, webhook_deliveries, webhook_endpoints');
  await sql.query(
    `insert into webhook_endpoints (id, account_id, url, secret, created_at, deleted_at)
     select e, 'acct_acme', 'http://127.0.0.1:9/hooks', 'secret', now(), case when e = any($1::bigint[]) then now() end
     from generate_series(1, 4) e`,
    [deleted],
  );
  await sql.query(
    `insert into webhook_deliveries (id, endpoint_id, account_id, event_id, body, status, next_attempt_at,
       lease_token, lease_until, order_key, order_position, created_at)
     select 'd' || n, endpoint, 'acct_acme', 'd' || n, '{}', status, now() + due_in * interval '1 second',
       case when lease <> 'none' then 'other' end,
       case lease when 'held' then now() + interval '1 minute' when 'expired' then now() - interval '1 minute' end,
       order_key, case when order_key is not null then position end, now()
     from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::int[])
       with ordinality as d(endpoint, status, due_in, lease, order_key, position, n)`,
    [
      deliveries.map((row) => row.endpoint),
      deliveries.map((row) => row.status),
      deliveries.map((row) => row.dueIn),
      deliveries.map((row) => row.lease),
      deliveries.map((row) => row.orderKey),
      deliveries.map((row) => row.position),
    ],
  );
}

/**
 * Every rule of the claim at once, on random outboxes: due and unleased only, the earliest first,
 * at most `perEndpoint` in flight per endpoint counting others' leases, a key's deliveries one at a
 * time, deleted endpoints skipped. The statement before decision 68 is the reference.
 */
describe.each(backends)('the claim of due deliveries on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    await new WebhookSchema(sql).onModuleInit();
  });

  afterAll(() => db.close());

  it('claims exactly the deliveries the statement that ranked the whole outbox claimed', async () => {
    await fc.assert(
      fc.asyncProperty(outbox, async (drawn) => {
        await write(sql, drawn);
        const { limit, perEndpoint } = drawn;
        const previous = await claimedBy(sql, async (tx) =>
          (
            await tx.query<{ id: string }>(PREVIOUS_CLAIM_DUE_SQL, ['me', 60_000, limit, perEndpoint])
          ).rows.map((row) => row.id),
        );
        const current = await claimedBy(sql, async (tx) =>
          (await new DeliveryQueue(tx).claimDue('me', 60_000, limit, perEndpoint, NO_ACCOUNT_SHARE)).map(
            (claimed) => claimed.id,
          ),
        );
        expect(current).toEqual(previous);
      }),
      { numRuns: 100, seed: 68 },
    );
  }, 120_000);
});
