import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import { compareReadModels, formatComparison, isEqual } from './compare-read-models';
import { rebuildReadModels } from './rebuild-read-models';
import { parked } from './parked';
import { openReplaySource, type ReplaySource } from './replay-store';
import { openScratchDatabase } from './scratch-database';
import { formatHistory, HISTORY_KINDS, type HistoryKind, streamHistory } from './stream-history';
import { exportAudit, exportQuery } from './export-audit';
import { auditKeys, auditReportJson, formatAuditReport, verifyAudit } from './verify-audit';

const usage = `Audit replay of the event store (PostgreSQL at DATABASE_URL, or PGlite in DATA_DIR; stop the runtime first for PGlite).

  npm run replay -- history <batch|order|pickup|shipment|ledger|account> <id> [--json]
      every event of the stream, in order: time, type, version, account, correlation and causation ids, data;
      for an account, every change to it (account, shippers, addresses, API keys, credit) with its actor
  npm run replay -- rebuild [--json] [--keep-scratch]
      rebuilds every read model from the events alone into a scratch schema (or database) and
      compares it with the live one: exit 0 when equal, 1 when not (the differences are listed)
  npm run replay -- parked list [--subscription <name>] [--json]
      the events subscriptions parked after their handler kept failing, oldest first
  npm run replay -- parked retry [--subscription <name>] [--event <event id>]
      asks the running app to hand the parked events (of one event's stream) over again, in order
  npm run replay -- verify [--keys <file>] [--json]
      checks every stream's hash chain and every signed audit checkpoint (docs/audit.md); --keys: a file
      with what GET /audit/keys answered (default: the public halves of AUDIT_SIGNING_KEYS);
      exit 0 when intact, 1 with each break at its stream and revision or checkpoint
  npm run replay -- export --account <id> [--stream <name>] [--from <time>] [--to <time>] [--keys <file>] --out <file>
      writes the account's audit bundle (JSON Lines: its events with their hashes, the checkpoints
      that cover them, the public keys); node tools/audit-verify/verify.mjs <file> checks it
`;

async function history(source: ReplaySource, args: string[], json: boolean): Promise<number> {
  const [kind, id] = args;
  if (!kind || !id || !(kind in HISTORY_KINDS)) {
    process.stderr.write(usage);
    return 2;
  }
  const entries = await streamHistory(source.store, kind as HistoryKind, id);
  if (json) process.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
  else process.stdout.write(formatHistory(`${HISTORY_KINDS[kind as HistoryKind]}${id}`, entries));
  if (entries.length === 0) process.stderr.write(`No events: there is no ${kind} ${id}.\n`);
  return entries.length === 0 ? 1 : 0;
}

async function rebuild(source: ReplaySource, json: boolean, keepScratch: boolean): Promise<number> {
  const { rows } = await source.sql.query<{ count: string }>(
    'select count(*)::text as count from event_store.events',
  );
  const bar = new SingleBar(
    {
      format: 'rebuilding read models [{bar}] {percentage}% | {value}/{total} events | {eta_formatted} left',
    },
    Presets.shades_classic,
  );
  const scratch = await openScratchDatabase(source);
  try {
    const started = Date.now();
    bar.start(Number(rows[0].count), 0);
    await rebuildReadModels(source.store, scratch.sql, { onProgress: (events) => bar.increment(events) });
    bar.stop();
    const comparisons = await compareReadModels(source.sql, scratch.sql);
    const equal = comparisons.every(isEqual);
    if (json)
      process.stdout.write(
        `${JSON.stringify({ equal, events: Number(rows[0].count), tables: comparisons }, null, 2)}\n`,
      );
    else {
      process.stdout.write(
        `rebuilt from ${rows[0].count} events into ${scratch.name} in ${((Date.now() - started) / 1000).toFixed(2)} s\n`,
      );
      process.stdout.write(formatComparison(comparisons));
      process.stdout.write(equal ? 'read models: equal\n' : 'read models: DIFFERENT from the events\n');
    }
    return equal ? 0 : 1;
  } finally {
    bar.stop();
    await scratch.close(keepScratch);
  }
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      'keep-scratch': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      subscription: { type: 'string' },
      event: { type: 'string' },
      keys: { type: 'string' },
      account: { type: 'string' },
      stream: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  const parkedAction = command === 'parked' ? rest[0] : undefined;
  const known =
    command === 'history' ||
    command === 'rebuild' ||
    command === 'verify' ||
    command === 'export' ||
    parkedAction === 'list' ||
    parkedAction === 'retry';
  if (values.help || !known) {
    process.stderr.write(usage);
    return values.help ? 0 : 2;
  }
  const query = command === 'export' ? exportQuery(values) : undefined;
  if (typeof query === 'string' || (query && values.out === undefined)) {
    process.stderr.write(`${query ?? '--out <file> is required'}\n\n${usage}`);
    return 2;
  }
  const audit = command === 'verify' || command === 'export';
  const keys = audit ? auditKeys(values.keys) : [];
  const source = await openReplaySource(process.env, { asStored: audit });
  try {
    if (query && values.out) {
      await exportAudit(source, keys, query, values.out);
      process.stderr.write(`wrote the audit bundle of ${query.account} to ${values.out}\n`);
      return 0;
    }
    if (command === 'verify') {
      const report = await verifyAudit(source, keys);
      process.stdout.write(values.json ? auditReportJson(report) : formatAuditReport(report));
      return report.breaks.length === 0 ? 0 : 1;
    }
    if (parkedAction)
      return await parked(source.sql, parkedAction, {
        subscription: values.subscription,
        event: values.event,
        json: values.json,
      });
    return command === 'history'
      ? await history(source, rest, values.json)
      : await rebuild(source, values.json, values['keep-scratch']);
  } finally {
    await source.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`replay failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
