/**
 * bench/audit: the standalone verifier (tools/audit-verify/verify.mjs) over a bundle of a million
 * events, and the memory an export of 100,000 events from PostgreSQL takes. The bundle is written
 * by the service's own export (auditBundle) over events hashed by the service's eventHash and
 * checkpoints it signs, one per 10,000 events as the checkpoint job does; only $all is served from
 * memory, so that a million events need not be written to a database first. Prints figures only.
 * Run: npm run bench:audit-verify [-- --events 1000000 --streams 10000 --export-events 100000]
 * (`--events 0` or `--export-events 0` leaves that part out)
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import {
  type AuditCheckpoint,
  auditBundle,
  auditSigningKey,
  type EventStore,
  eventHash,
  nextCheckpointBody,
  PostgresEventStore,
  type ReadAllOptions,
  type RecordedEvent,
  recordCheckpoints,
  signCheckpoint,
  SqlAuditCheckpoints,
} from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { createTestDatabase } from '@shipping/testing';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    streams: { type: 'string', default: '10000' },
    'export-events': { type: 'string', default: '100000' },
  },
});
const EVENTS = Number(values.events);
const STREAMS = Number(values.streams);
const EXPORT_EVENTS = Number(values['export-events']);
const ROOT = join(__dirname, '..', '..');
const key = auditSigningKey('a1', Buffer.alloc(32, 7));
const keys = [{ id: key.id, publicKey: key.publicKey }];
const folder = mkdtempSync(join(tmpdir(), 'bench-audit-'));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Event `i` of $all: a round-robin over the account's streams, data the size of an order's. */
function eventAt(i: number, hash: string | undefined): RecordedEvent {
  return {
    id: `00000000-0000-4000-8000-${i.toString().padStart(12, '0')}`,
    streamName: `order-${i % STREAMS}`,
    revision: BigInt(Math.floor(i / STREAMS)),
    position: { commit: BigInt(i), prepare: BigInt(i) },
    type: 'ShipmentOrderDrafted',
    version: 2,
    data: { order_id: i, weight: 1.5, reference: `ref ${i} ünïcode`, to: { zip: '10001', country: 'US' } },
    metadata: { accountId: 'acct_bench', correlationId: `req_${i}` },
    createdAt: new Date(1_790_000_000_000 + i),
    ...(hash === undefined ? {} : { hash }),
  };
}

/** Hashes every event in order (each chained in its stream) and signs a checkpoint per 10,000. */
function chainMillion(): { hashes: Buffer; checkpoints: AuditCheckpoint[] } {
  const hashes = Buffer.alloc(EVENTS * 32);
  const checkpoints: AuditCheckpoint[] = [];
  let chunk: RecordedEvent[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const previous = i >= STREAMS ? hashes.toString('hex', (i - STREAMS) * 32, (i - STREAMS + 1) * 32) : null;
    const event = eventAt(i, undefined);
    const hash = eventHash({ ...event, previousHash: previous });
    hashes.write(hash, i * 32, 'hex');
    chunk.push({ ...event, hash });
    if (chunk.length === 10_000 || i === EVENTS - 1) {
      checkpoints.push(
        signCheckpoint(
          nextCheckpointBody(checkpoints.at(-1), chunk, (e) => e.hash as string),
          key,
        ),
      );
      chunk = [];
    }
  }
  return { hashes, checkpoints };
}

/** $all served from the hashes: just what auditBundle reads of a store. */
function memoryAll(hashes: Buffer): EventStore {
  const readAll = async (options: ReadAllOptions = {}) => {
    const from = options.after === undefined ? 0 : Number(options.after.commit) + 1;
    const to = Math.min(EVENTS, from + (options.maxCount ?? 1_000));
    const page: RecordedEvent[] = [];
    for (let i = from; i < to; i++) page.push(eventAt(i, hashes.toString('hex', i * 32, (i + 1) * 32)));
    return page;
  };
  return { readAll } as unknown as EventStore;
}

async function writeBundle(store: EventStore, checkpoints: AuditCheckpoint[], account: string, file: string) {
  await pipeline(Readable.from(auditBundle(store, checkpoints, keys, { account })), createWriteStream(file));
}

function verifyMillion(file: string) {
  const script = `import { verifyBundle } from './tools/audit-verify/verify.mjs';
    const started = performance.now();
    const result = await verifyBundle(process.argv[1]);
    process.stdout.write(JSON.stringify({ seconds: (performance.now() - started) / 1000, events: result.events,
      checkpoints: result.checkpoints, breaks: result.breaks.length, maxRssKb: process.resourceUsage().maxRSS }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as {
    seconds: number;
    events: number;
    checkpoints: number;
    breaks: number;
    maxRssKb: number;
  };
}

/** 100,000 events in PostgreSQL, then their export, sampling this process's memory as it runs. */
async function exportMemory(): Promise<void> {
  const database = await createTestDatabase('bench_audit_export');
  const sql = createPgSqlClient(database.url);
  const store = new PostgresEventStore(sql);
  try {
    await store.init();
    for (let i = 0; i < EXPORT_EVENTS; i += 500) {
      const events = Array.from({ length: Math.min(500, EXPORT_EVENTS - i) }, (_, n) =>
        eventAt(i + n, undefined),
      );
      await store.appendToStream(`order-${i / 500}`, events);
    }
    const checkpoints = new SqlAuditCheckpoints(sql);
    await checkpoints.init();
    await recordCheckpoints(store, checkpoints, key, 10_000);
    global.gc?.();
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    }, 20);
    const started = performance.now();
    const file = join(folder, 'export.jsonl');
    await writeBundle(store, await checkpoints.all(), 'acct_bench', file);
    clearInterval(sampler);
    console.log(
      `export of ${EXPORT_EVENTS} events from PostgreSQL: ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
        `${mb(statSync(file).size)} written; heap ${mb(before.heapUsed)} before, peak ${mb(peakHeap)}; ` +
        `RSS ${mb(before.rss)} before, peak ${mb(peakRss)}`,
    );
  } finally {
    await store.close();
    await database.drop();
  }
}

async function main() {
  if (EVENTS > 0) await verifierOverMillion();
  if (EXPORT_EVENTS > 0) await exportMemory();
}

async function verifierOverMillion() {
  let started = performance.now();
  const { hashes, checkpoints } = chainMillion();
  console.log(
    `hashed and checkpointed ${EVENTS} events: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const file = join(folder, 'million.jsonl');
  started = performance.now();
  await writeBundle(memoryAll(hashes), checkpoints, 'acct_bench', file);
  console.log(
    `bundle written: ${mb(statSync(file).size)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const verified = verifyMillion(file);
  console.log(
    `standalone verifier: ${verified.events} events, ${verified.checkpoints} checkpoints, ${verified.breaks} breaks ` +
      `in ${verified.seconds.toFixed(1)} s (${Math.round(verified.events / verified.seconds).toLocaleString('en')} events/s), ` +
      `peak RSS ${mb(verified.maxRssKb * 1024)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
