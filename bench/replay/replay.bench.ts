/**
 * bench/replay: writes a realistic event store of parcel batches (BatchCreated, ItemValidated x
 * items, BatchValidated, BatchShipped, ItemCompleted or ItemFailed x items, LabelFilesMerged,
 * BatchCompleted) into a fresh PostgreSQL database through our adapter, then rebuilds the get-batch
 * read model from $all with the apps' own projection, beside a raw read of the same events (the
 * limit), and a plain SELECT of the same rows through `pg` with no parsing (the database's own
 * floor). Before that, the append path of our adapter and of @event-driven-io/emmett-postgresql
 * write the same sample of batches, with the same appends, side by side. Each phase prints the CPU
 * it took in this process and in a PostgreSQL server on this machine, and the cores they kept busy:
 * on a small machine the rebuild and the server writing its rows share them. Prints figures only.
 * Run: npm run bench:replay [-- --batches 500 --items 1000 --sample 50 --writers 4 --page 5000]
 * (`--sample 0` leaves the append comparison out; fewer `--batches` make a smaller store)
 */
import { parseArgs } from 'node:util';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type EventStore, PostgresEventStore, type SqlClient, Upcasters } from '@shipping/event-store';
import { EMBEDDED_APP_EVENTS } from '@shipping/embedded-app';
import { StorageConfig, validateConfig } from '@shipping/platform/config';
import { openEventStore, openSqlClient } from '@shipping/platform/storage';
import { createTestDatabase } from '@shipping/testing';
import { rebuildReadModels } from '../../tools/replay/rebuild-read-models';
import { appendAll, type BatchWriter, emmettWriter, ourWriter } from './append-writers';
import { batchWrites } from './bench-batches';
import { atLeast } from '../target';
import { selectAllRows } from './plain-select';
import { databaseServerCpu } from './database-server-cpu';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '500' },
    items: { type: 'string', default: '1000' },
    sample: { type: 'string', default: '50' },
    writers: { type: 'string', default: '4' },
    page: { type: 'string', default: '5000' },
  },
});
const BATCHES = Number(values.batches);
const ITEMS = Number(values.items);
const SAMPLE = Number(values.sample);
const WRITERS = Number(values.writers);
const PAGE = Number(values.page);

const RAW_OVER_SELECT_TARGET = 0.5;
const REBUILD_OVER_RAW_TARGET = 0.8;

const rate = (events: number, seconds: number) => Math.round(events / seconds);
const fmt = (value: number) => value.toLocaleString('en-US');
/** The machine is shared: this process's own CPU seconds beside the wall clock tell waiting from working. */
let cpuAtStart = process.cpuUsage();
let serverCpu = databaseServerCpu();
const startPhase = () => {
  cpuAtStart = process.cpuUsage();
  serverCpu = databaseServerCpu();
};
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage(cpuAtStart);
  return (user + system) / 1e6;
};
/** A phase's rate, with the CPU it took here and in the database server, and the cores that kept busy. */
const line = (label: string, events: number, seconds: number) => {
  const [here, server] = [cpuSeconds(), serverCpu()];
  console.log(
    `${label.padEnd(44)} ${fmt(events).padStart(10)} events in ${seconds.toFixed(2).padStart(6)} s = ${fmt(rate(events, seconds)).padStart(8)} events/s` +
      `  (CPU: this process ${here.toFixed(1)} s, the database server ${server.toFixed(1)} s; ${((here + server) / seconds).toFixed(2)} cores busy)`,
  );
};

function* numbered(from: number, count: number) {
  for (let n = from; n < from + count; n++) yield batchWrites(n, ITEMS);
}

async function timedAppend(label: string, open: () => Promise<BatchWriter>, from: number, count: number) {
  const writer = await open();
  try {
    startPhase();
    const { events, seconds } = await appendAll(writer, () => numbered(from, count), WRITERS);
    line(label, events, seconds);
    return rate(events, seconds);
  } finally {
    await writer.close();
  }
}

async function rawRead(url: string): Promise<number> {
  const store = new PostgresEventStore(createPgSqlClient(url));
  try {
    startPhase();
    const started = performance.now();
    let events = 0;
    let after;
    for (;;) {
      const page = await store.readAll({ after, maxCount: PAGE });
      if (page.length === 0) break;
      events += page.length;
      after = page[page.length - 1].position;
    }
    const seconds = (performance.now() - started) / 1000;
    line('raw read of $all (our adapter, pages of ' + PAGE + ')', events, seconds);
    return rate(events, seconds);
  } finally {
    await store.close();
  }
}

async function plainSelect(url: string): Promise<number> {
  startPhase();
  const started = performance.now();
  const events = await selectAllRows(url, PAGE);
  const seconds = (performance.now() - started) / 1000;
  line('plain SELECT of the same rows (pg, text only)', events, seconds);
  return rate(events, seconds);
}

async function rebuild(url: string): Promise<number> {
  const config = validateConfig(StorageConfig, { STORE: 'postgres', DATABASE_URL: url });
  const live: SqlClient = await openSqlClient(config);
  const store: EventStore = await openEventStore(config, live, new Upcasters(EMBEDDED_APP_EVENTS.upcasters));
  await live.exec('create schema bench_rebuild');
  const target = createPgSqlClient(url, {
    options: '-c search_path=bench_rebuild -c synchronous_commit=off',
  });
  try {
    startPhase();
    const started = performance.now();
    let events = 0;
    await rebuildReadModels(store, target, { pageSize: PAGE, onProgress: (count) => (events += count) });
    const seconds = (performance.now() - started) / 1000;
    line('rebuild of the get-batch read model', events, seconds);
    const { rows } = await target.query<{ batches: string; items: string; completed: string }>(
      `select (select count(*) from batch_view)::text as batches, (select count(*) from batch_items_view)::text as items,
              (select count(*) from batch_items_view where status = 'completed')::text as completed`,
    );
    console.log(
      `  rebuilt rows: ${rows[0].batches} batches, ${rows[0].items} items (${rows[0].completed} completed)`,
    );
    return rate(events, seconds);
  } finally {
    await target.close();
    await store.close();
  }
}

/** Ours and emmett's append path, the same sample of batches with the same appends. */
async function compareAppends(url: string): Promise<void> {
  console.log(`append, the same ${SAMPLE} batches into fresh tables:`);
  const ours = await timedAppend(
    '  ours (PostgresEventStore)',
    () => ourWriter(url, 'bench_append'),
    0,
    SAMPLE,
  );
  const emmett = await timedAppend('  emmett-postgresql 0.42', () => emmettWriter(url), 0, SAMPLE);
  console.log(`  ours / emmett: ${(ours / emmett).toFixed(2)}x\n`);
}

async function main() {
  const database = await createTestDatabase('bench_replay');
  try {
    const perBatch = batchWrites(0, ITEMS);
    console.log(
      `PostgreSQL ${database.url.replace(/\/\/[^@]*@/, '//')}; batches of ${ITEMS} items, ${perBatch.events} events and ${perBatch.appends.length} appends each, ${WRITERS} concurrent writers\n`,
    );
    if (SAMPLE > 0) await compareAppends(database.url);

    console.log(`the store for replay: ${BATCHES} batches`);
    await timedAppend('  append (ours)', () => ourWriter(database.url), 0, BATCHES);
    // Each read twice, around the rebuild, and the faster run of each kept: the machine is shared.
    const select = await plainSelect(database.url);
    const raw = await rawRead(database.url);
    const rebuilt = await rebuild(database.url);
    const rawBest = Math.max(raw, await rawRead(database.url));
    const selectBest = Math.max(select, await plainSelect(database.url));
    console.log(
      `\nraw read / plain SELECT: ${(rawBest / selectBest).toFixed(2)} (target at least ${RAW_OVER_SELECT_TARGET}: ${atLeast(rawBest / selectBest, RAW_OVER_SELECT_TARGET)}; raw read ${fmt(rawBest)} events/s, SELECT ${fmt(selectBest)} rows/s)`,
    );
    console.log(
      `rebuild / raw read: ${(rebuilt / rawBest).toFixed(2)} (target at least ${REBUILD_OVER_RAW_TARGET}: ${atLeast(rebuilt / rawBest, REBUILD_OVER_RAW_TARGET)}; rebuild ${fmt(rebuilt)} events/s)`,
    );
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
