/**
 * bench/ledger: the cost of a charge on an account with a long history. Writes an account ledger of
 * 100,000 past entries (batch charges, item refunds, instant-ship charges and refunds) into a fresh
 * PostgreSQL database, lets the batch app's Ledger take one command on it (the first command ever
 * on that history), then starts a new process several times, each timing the first charge it makes
 * (a new batch) and a repeated one (a batch charged already), and finally times charges one
 * after another in a process that has made one already. Prints figures only. Run: npm run bench:ledger [-- --entries 100000 --restarts 5]
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ledgerStreamName, type LedgerEvent } from '@shipping/ledger-domain';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type EventData, PostgresEventStore } from '@shipping/event-store';
import { SystemClock } from '@shipping/platform/clock';
import { createTestDatabase } from '@shipping/testing';
import { Ledger } from '../../apps/batch/src/shipping/ledger';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '100000' },
    restarts: { type: 'string', default: '5' },
    warm: { type: 'string', default: '200' },
    child: { type: 'string' },
  },
});
const ACCOUNT = 'acct_bench';
const context = { accountId: ACCOUNT, correlationId: 'bench-ledger' };
const at = '2026-11-21T10:00:00.000Z';
const ms = (from: number) => performance.now() - from;

/** One past entry of the account: charges and refunds of batches and of instant shipments. */
function pastEntry(n: number): LedgerEvent {
  const base = { account_id: ACCOUNT, at };
  switch (n % 4) {
    case 0:
      return { type: 'BatchCharged', data: { ...base, batch_id: `past-${n}`, amount_cents: 5_000 } };
    case 1:
      return {
        type: 'ItemRefunded',
        data: { ...base, batch_id: `past-${n - 1}`, item_id: `item-${n}`, amount_cents: 500 },
      };
    case 2:
      return { type: 'ShipmentCharged', data: { ...base, shipment_order_id: n, amount_cents: 800 } };
    default:
      return { type: 'ShipmentRefunded', data: { ...base, shipment_order_id: n - 1, amount_cents: 800 } };
  }
}

async function open(url: string) {
  const sql = createPgSqlClient(url, { max: 4 });
  const store = new PostgresEventStore(sql);
  await store.init();
  const ledger = new Ledger(store, sql, new SystemClock());
  await ledger.onModuleInit();
  return { store, ledger };
}

async function writeHistory(url: string, entries: number): Promise<void> {
  const store = new PostgresEventStore(createPgSqlClient(url, { max: 1 }));
  await store.init();
  const credit: EventData = {
    type: 'CreditGranted',
    data: { account_id: ACCOUNT, grant_id: 'bench', amount_cents: 1_000_000_000, reason: 'bench', at },
  };
  const events = [credit, ...Array.from({ length: entries - 1 }, (_, n) => pastEntry(n))];
  for (let from = 0; from < events.length; from += 1_000) {
    await store.appendToStream(ledgerStreamName(ACCOUNT), events.slice(from, from + 1_000));
  }
  await store.close();
}

/** In a new process: the first charge it makes, then a repeat of a charge of the history. */
async function childRun(url: string, run: string): Promise<void> {
  const started = performance.now();
  const { store, ledger } = await open(url);
  const opened = ms(started);
  const first = performance.now();
  await ledger.chargeBatch(context, `new-${run}`, 1_000);
  const firstMs = ms(first);
  const repeat = performance.now();
  const charged = await ledger.chargeBatch(context, 'past-0', 5_000);
  const repeatMs = ms(repeat);
  await store.close();
  if (charged) throw new Error('A batch of the history was charged again');
  console.log(JSON.stringify({ opened, firstMs, repeatMs }));
}

async function main(): Promise<void> {
  if (values.child) return childRun(values.child, process.pid.toString());
  const entries = Number(values.entries);
  const database = await createTestDatabase('bench_ledger');
  try {
    let started = performance.now();
    await writeHistory(database.url, entries);
    console.log(
      `account ledger of ${entries.toLocaleString('en-US')} entries written in ${(ms(started) / 1000).toFixed(1)} s`,
    );

    const first = await open(database.url);
    started = performance.now();
    await first.ledger.chargeBatch(context, 'first-command', 1_000);
    console.log(
      `first command ever on that history (this process)  ${ms(started).toFixed(0).padStart(7)} ms`,
    );
    await first.store.close();

    const runs = Array.from({ length: Number(values.restarts) }, () => {
      const output = execFileSync(
        process.execPath,
        ['-r', './tools/ts-runtime/register.js', __filename, '--child', database.url],
        { encoding: 'utf8' },
      );
      return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
    });
    const median = (key: string) => {
      const sorted = runs.map((run) => run[key]).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)];
    };
    const each = (key: string) => runs.map((run) => run[key].toFixed(1)).join(', ');
    console.log(`after a restart (new process, ${runs.length} runs, median; each run):`);
    console.log(
      `  next charge (a new batch)                      ${median('firstMs').toFixed(1).padStart(7)} ms   (${each('firstMs')})`,
    );
    console.log(
      `  a repeated charge (batch of the history)       ${median('repeatMs').toFixed(1).padStart(7)} ms   (${each('repeatMs')})`,
    );

    const warm = await open(database.url);
    await warm.ledger.chargeShipment(context, 9_999_999, 100);
    const count = Number(values.warm);
    started = performance.now();
    for (let n = 0; n < count; n++) await warm.ledger.chargeShipment(context, 10_000_000 + n, 100);
    console.log(
      `warm process: ${count} charges one after another  ${(ms(started) / count).toFixed(2).padStart(7)} ms a charge`,
    );
    await warm.store.close();
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
