/**
 * bench/replay/append-only: bench:replay's append phase alone. `--batches` of its parcel batches
 * through our adapter with `--writers` concurrent writers, into a fresh database; prints events/s
 * and the CPU the appends took in this process, in the database's backends and in every process of
 * a PostgreSQL server on this machine (other databases' work on a shared server included), as one
 * line of figures, so that two trees can be run side by side with the same workload.
 * Run: node -r ./tools/ts-runtime/register.js bench/replay/append-only.bench.ts [--batches 50 --items 1000 --writers 4]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { createTestDatabase } from '../../libs/testing/src/test-database';
import { appendAll, ourWriter } from './append-writers';
import { batchWrites } from './bench-batches';
import { databaseServerCpu } from './database-server-cpu';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '50' },
    items: { type: 'string', default: '1000' },
    writers: { type: 'string', default: '4' },
  },
});

/**
 * CPU seconds so far of the server's backends connected to this database (Linux, a server on this
 * machine): unlike all `postgres` processes, it leaves out other databases' work on a shared server.
 */
async function backendSeconds(url: string): Promise<Map<number, number>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const seconds = new Map<number, number>();
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    }
    return seconds;
  } finally {
    await client.end();
  }
}

function* numbered(count: number, items: number) {
  for (let n = 0; n < count; n++) yield batchWrites(n, items);
}

async function main() {
  const database = await createTestDatabase('bench_append');
  try {
    const writer = await ourWriter(database.url);
    try {
      const cpuAtStart = process.cpuUsage();
      const serverCpu = databaseServerCpu();
      const backendsBefore = await backendSeconds(database.url);
      const { events, seconds } = await appendAll(
        writer,
        () => numbered(Number(values.batches), Number(values.items)),
        Number(values.writers),
      );
      const { user, system } = process.cpuUsage(cpuAtStart);
      const server = serverCpu();
      let backends = 0;
      for (const [pid, seconds] of await backendSeconds(database.url))
        backends += seconds - (backendsBefore.get(pid) ?? 0);
      console.log(
        `append-only events=${events} seconds=${seconds.toFixed(3)} rate=${Math.round(events / seconds)} ` +
          `node_cpu=${((user + system) / 1e6).toFixed(3)} backends_cpu=${backends.toFixed(2)} ` +
          `server_cpu=${server.toFixed(3)} cpu_us_per_event=${((((user + system) / 1e6 + backends) * 1e6) / events).toFixed(1)}`,
      );
    } finally {
      await writer.close();
    }
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
