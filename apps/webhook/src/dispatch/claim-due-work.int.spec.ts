import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { WebhookSchema } from '../webhook-schema';
import { CLAIM_DUE_SQL } from './claim-due-statement';

const backends = sqlBackends<SqlClient>('claim_due_work', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 2 }),
});
const ENDPOINTS = 5;
const PER_ENDPOINT = 4;
const LIMIT = 64;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Total Cost': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows every table and index scan of a plan produced or filtered out, over all its loops. */
function rowsRead(node: PlanNode): number {
  const isScan = node['Node Type'] !== 'ModifyTable' && (node['Relation Name'] ?? node['Index Name']);
  const own = isScan
    ? (node['Actual Rows'] +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      node['Actual Loops']
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
}

class RolledBack extends Error {}

/** The claim as the dispatcher runs it, explained with `analyze` in a transaction rolled back. */
async function claimPlan(sql: SqlClient): Promise<PlanNode> {
  let plan: PlanNode | undefined;
  await sql
    .transaction(async (tx) => {
      const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
        `explain (analyze, format json) ${CLAIM_DUE_SQL}`,
        ['me', 60_000, LIMIT, PER_ENDPOINT, LIMIT],
      );
      const output = rows[0]['QUERY PLAN'];
      plan = (typeof output === 'string' ? JSON.parse(output) : output)[0].Plan;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  if (!plan) throw new Error('no plan');
  return plan;
}

/**
 * `backlog` due deliveries over the endpoints, as batches leave them: every other one a batch event
 * (three per batch and endpoint, so two of three wait for an earlier one), the first two of each
 * endpoint in flight under another dispatcher's lease, and as many delivered ones before them.
 */
async function fill(sql: SqlClient, backlog: number): Promise<void> {
  await sql.exec('truncate webhook_attempts, webhook_deliveries, webhook_endpoints');
  await sql.query(
    `insert into webhook_endpoints (id, account_id, url, secret, created_at)
     select e, 'acct_' || e, 'http://127.0.0.1:9/hooks', 'secret', now() from generate_series(1, $1::int) e`,
    [ENDPOINTS],
  );
  await sql.query(
    `insert into webhook_deliveries (id, endpoint_id, account_id, event_id, order_key, order_position, body,
       status, next_attempt_at, lease_token, lease_until, created_at)
     select 'd' || n, 1 + n % $2::int, 'acct_' || (1 + n % $2::int), 'd' || n,
       case when n % 2 = 1 then 'batch:' || n / ($2::int * 6) end, case when n % 2 = 1 then n end, '{}',
       case when n < $1::int then 'delivered' else 'pending' end,
       case when n >= $1::int then now() - interval '1 hour' + n * interval '1 millisecond' end,
       case when n >= $1::int and n < $1::int + 2 * $2::int then 'other' end,
       case when n >= $1::int and n < $1::int + 2 * $2::int then now() + interval '1 minute' end,
       now()
     from generate_series(0, 2 * $1::int - 1) n`,
    [backlog, ENDPOINTS],
  );
  await sql.exec('analyze webhook_deliveries');
}

/** What a claim costs the database, counted in rows its plan reads: no clock involved. */
describe.each(backends)('the work of a claim on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    await new WebhookSchema(sql).onModuleInit();
  });

  afterAll(() => db.close());

  it('reads about as many rows, and is planned to cost about as much, with ten times the backlog', async () => {
    await fill(sql, 2_000);
    const small = await claimPlan(sql);
    await fill(sql, 20_000);
    const large = await claimPlan(sql);

    expect(rowsRead(large)).toBeLessThan(rowsRead(small) * 1.5);
    // The estimate decides whether PostgreSQL compiles the statement (JIT) at each claim, a cost
    // of its own that no row count shows.
    expect(large['Total Cost']).toBeLessThan(small['Total Cost'] * 1.5);
  });
});
