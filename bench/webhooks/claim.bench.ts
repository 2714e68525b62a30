/**
 * bench/webhooks: what claiming due webhook deliveries costs as the outbox's backlog grows. For each
 * backlog (1,000, 10,000 and 50,000 pending deliveries over 5 endpoints, every other one a batch
 * event keyed three to a batch and endpoint), the claim before decision 68 on the schema of its time
 * (webhook migrations 1 to 3) and the current one on today's schema, each on a fresh PostgreSQL
 * database, in turn: a dispatcher's claims (up to 64, 4 per endpoint in flight) one after another,
 * each followed by delivering what it claimed and storing as many new deliveries, so the backlog
 * stays the same. Prints per claim the wall time (median and p90) and the CPU seconds the claiming
 * connection's PostgreSQL backend spent (from /proc: run it on the database's machine), and that
 * CPU per 1,000 deliveries claimed. Prints figures only.
 * Run: npm run bench:webhook-claims [-- --backlogs 1000,10000,50000 --claims 100 --rounds 2]
 */
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { migrate, type MigrationSet } from '@shipping/event-store';
import { createTestDatabase } from '@shipping/testing';
import { CLAIM_DUE_SQL } from '../../apps/webhook/src/dispatch/claim-due-statement';
import { PREVIOUS_CLAIM_DUE_SQL } from '../../apps/webhook/src/testing/previous-claim-statement';
import { WEBHOOK_MIGRATIONS } from '../../apps/webhook/src/webhook.migrations';
import { cpuSeconds } from '../scale/process-cpu';

const { values } = parseArgs({
  options: {
    backlogs: { type: 'string', default: '1000,10000,50000' },
    claims: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '2' },
  },
});
const ENDPOINTS = 5;
const LIMIT = 64;
const PER_ENDPOINT = 4;
/** The bench's one account may fill a claim: the cost measured is the statement's, not the share's. */
const PER_ACCOUNT = LIMIT;
const WARM_UP_CLAIMS = 5;
/** About the size of a shipment.shipped body. */
const BODY = JSON.stringify({ type: 'shipment.shipped', data: { padding: 'x'.repeat(900) } });

interface Variant {
  name: string;
  statement: string;
  schema: MigrationSet;
  /** How many of lease token, lease, limit, per endpoint and per account it takes. */
  parameters: number;
}

const VARIANTS: Variant[] = [
  {
    name: 'previous',
    statement: PREVIOUS_CLAIM_DUE_SQL,
    schema: { ...WEBHOOK_MIGRATIONS, migrations: WEBHOOK_MIGRATIONS.migrations.slice(0, 3) },
    parameters: 4,
  },
  { name: 'current', statement: CLAIM_DUE_SQL, schema: WEBHOOK_MIGRATIONS, parameters: 5 },
];

/** `count` new pending deliveries numbered from `from`, due now, over the endpoints. */
const STORE_DELIVERIES = `
insert into webhook_deliveries (id, endpoint_id, account_id, event_id, event_type, order_key, order_position, body,
  status, next_attempt_at, created_at)
select 'whd_' || n, 1 + n % ${ENDPOINTS}, 'acct_bench', 'evt_' || n,
  case when n % 2 = 0 then 'shipment.shipped' else 'batch.completed' end,
  case when n % 2 = 1 then 'batch:' || n / ${ENDPOINTS * 6} end, case when n % 2 = 1 then n end,
  $3, 'pending', now(), now()
from generate_series($1::int, $1::int + $2::int - 1) n`;

interface Measured {
  wallMs: number[];
  cpuSeconds: number;
  claimed: number;
}

async function measure(variant: Variant, backlog: number, claims: number): Promise<Measured> {
  const database = await createTestDatabase('bench_webhook_claims');
  const sql = createPgSqlClient(database.url, { max: 1 });
  const claimer = new Client({ connectionString: database.url });
  const settler = new Client({ connectionString: database.url });
  try {
    await migrate(sql, variant.schema);
    await sql.query(
      `insert into webhook_endpoints (id, account_id, url, secret, created_at)
       select e, 'acct_bench', 'http://127.0.0.1:9/hooks', 'secret', now() from generate_series(1, ${ENDPOINTS}) e`,
    );
    await sql.query(STORE_DELIVERIES, [0, backlog, BODY]);
    await sql.exec('vacuum analyze webhook_deliveries');
    await Promise.all([claimer.connect(), settler.connect()]);
    const backend = (await claimer.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    let stored = backlog;
    const round = async () => {
      const started = performance.now();
      const { rows } = await claimer.query<{ id: string }>(
        variant.statement,
        ['bench', 60_000, LIMIT, PER_ENDPOINT, PER_ACCOUNT].slice(0, variant.parameters),
      );
      const wallMs = performance.now() - started;
      const ids = rows.map((row) => row.id);
      await settler.query(
        `update webhook_deliveries set status = 'delivered', next_attempt_at = null, lease_token = null, lease_until = null
         where id = any($1)`,
        [ids],
      );
      await settler.query(STORE_DELIVERIES, [stored, ids.length, BODY]);
      stored += ids.length;
      return { wallMs, claimed: ids.length };
    };
    for (let n = 0; n < WARM_UP_CLAIMS; n++) await round();
    const cpuBefore = cpuSeconds(backend);
    const measured: Measured = { wallMs: [], cpuSeconds: 0, claimed: 0 };
    for (let n = 0; n < claims; n++) {
      const { wallMs, claimed } = await round();
      measured.wallMs.push(wallMs);
      measured.claimed += claimed;
    }
    measured.cpuSeconds = cpuSeconds(backend) - cpuBefore;
    return measured;
  } finally {
    await Promise.allSettled([claimer.end(), settler.end(), sql.close()]);
    await database.drop();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function main(): Promise<void> {
  const backlogs = values.backlogs.split(',').map(Number);
  const claims = Number(values.claims);
  const rounds = Number(values.rounds);
  console.log(
    `${ENDPOINTS} endpoints, claims of up to ${LIMIT} with ${PER_ENDPOINT} per endpoint in flight, ${claims} claims measured a run`,
  );
  console.log(
    'backlog\tclaim\tround\tclaimed\tp50 ms\tp90 ms\tbackend CPU ms/claim\tbackend CPU s/1,000 claimed',
  );
  for (const backlog of backlogs) {
    for (let round = 1; round <= rounds; round++) {
      for (const variant of VARIANTS) {
        const result = await measure(variant, backlog, claims);
        const sorted = [...result.wallMs].sort((a, b) => a - b);
        console.log(
          [
            backlog,
            variant.name,
            round,
            result.claimed,
            percentile(sorted, 0.5).toFixed(2),
            percentile(sorted, 0.9).toFixed(2),
            ((result.cpuSeconds * 1000) / claims).toFixed(2),
            ((result.cpuSeconds * 1000) / result.claimed).toFixed(3),
          ].join('\t'),
        );
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
