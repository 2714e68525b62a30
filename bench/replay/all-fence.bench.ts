/**
 * bench/replay/all-fence: what the fence of $all costs a read. The store's page query as the
 * PostgreSQL adapter sends it, with its fence (`all_fence()`: the oldest transaction running in
 * the store's database) and with the server-wide one it replaced (`pg_snapshot_xmin`), in turn
 * for `--rounds` rounds: a poll that finds nothing new and a page of 500 events. Prints the
 * microseconds a query, min / median / max over the rounds.
 * Run: node -r ./tools/ts-runtime/register.js bench/replay/all-fence.bench.ts [--rounds 11]
 */
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { createPgSqlClient } from '../../libs/event-store/src/postgres/pg-sql-client';
import { allQuery } from '../../libs/event-store/src/postgres/all-query';
import { PostgresEventStore } from '../../libs/event-store/src/postgres/postgres-event-store';
import { eventStoreTables } from '../../libs/event-store/src/postgres/schema';
import { createTestDatabase } from '../../libs/testing/src/test-database';
import { spread } from '../spread';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '11' } } });
const rounds = Number(values.rounds);

const STORE_FENCE = '(select event_store.all_fence())';
const fences = {
  'the store’s database': (sql: string) => sql,
  'the whole server': (sql: string) => {
    if (!sql.includes(STORE_FENCE)) throw new Error(`the page query no longer reads below ${STORE_FENCE}`);
    return sql.replace(STORE_FENCE, 'pg_snapshot_xmin(pg_current_snapshot())');
  },
};

async function main() {
  const database = await createTestDatabase('all_fence_bench');
  const store = new PostgresEventStore(createPgSqlClient(database.url));
  const db = new Client({ connectionString: database.url });
  try {
    await store.init();
    for (let stream = 0; stream < 20; stream++) {
      const events = Array.from({ length: 50 }, (_, n) => ({
        type: 'Happened',
        data: { n, note: 'x'.repeat(200) },
      }));
      await store.appendToStream(`bench-${stream}`, events);
    }
    const [last] = await store.readAll({ direction: 'backwards', maxCount: 1 });
    const tables = eventStoreTables();
    const reads = {
      'a poll that finds nothing new': {
        ...allQuery(tables, { direction: 'forwards', after: last.position, maxCount: 500 }),
        times: 3_000,
      },
      'a page of 500 events': { ...allQuery(tables, { direction: 'forwards', maxCount: 500 }), times: 300 },
    };
    await db.connect();
    const micros = new Map<string, number[]>();
    for (let round = 0; round < rounds; round++) {
      for (const [read, { sql, params, times }] of Object.entries(reads)) {
        for (const [fence, rewrite] of Object.entries(fences)) {
          const text = rewrite(sql);
          const started = process.hrtime.bigint();
          for (let i = 0; i < times; i++) await db.query(text, params);
          const key = `${read}, fenced by ${fence}`;
          micros.set(key, [
            ...(micros.get(key) ?? []),
            Number(process.hrtime.bigint() - started) / 1e3 / times,
          ]);
        }
      }
    }
    for (const [key, each] of micros) {
      const { min, median, max } = spread(each);
      console.log(`${key}: ${min.toFixed(0)} / ${median.toFixed(0)} / ${max.toFixed(0)} µs a query`);
    }
  } finally {
    await db.end().catch(() => undefined);
    await store.close();
    await database.drop();
  }
}

void main();
