#!/usr/bin/env node
// Verifies an audit bundle of the shipping service (docs/audit.md) with Node's standard library
// alone: `node verify.mjs <bundle.jsonl>`. Exit code 0 when everything verifies, 1 on a break,
// 2 when the bundle cannot be read. This file imports nothing of the service on purpose: an
// auditor can read all of it.
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

/**
 * RFC 8785 (JSON Canonicalization Scheme) text of a parsed JSON value: no whitespace, object keys
 * sorted by their UTF-16 code units (what Array.prototype.sort compares), strings and numbers
 * written as ECMAScript's JSON.stringify writes them (RFC 8785 section 3.2.2.3 specifies exactly
 * ECMAScript's Number-to-String: 1e+21, 1e-7, -0 as 0).
 */
export function canonicalize(value) {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${value} is not a JSON number`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalize).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalize(value[key])}`).join(',')}}`;
  }
  throw new TypeError(`a ${typeof value} is not JSON`);
}

export const sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** An event's hash: SHA-256 of the canonical text of its seven chained fields. */
export function eventHash(event, previousHash) {
  return sha256Hex(
    canonicalize({
      stream: event.stream,
      revision: event.revision,
      type: event.eventtype,
      version: event.version,
      data: event.data,
      metadata: event.metadata,
      previousHash,
    }),
  );
}

/** SubjectPublicKeyInfo DER of an Ed25519 public key, less its 32 raw bytes (RFC 8410). */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function checkpointSigned(checkpoint, keys) {
  const key = keys.get(checkpoint.signed?.keyId);
  if (key === undefined || typeof checkpoint.signature !== 'string') return false;
  const publicKey = createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, Buffer.from(key, 'base64')]),
    format: 'der',
    type: 'spki',
  });
  return verifySignature(
    null,
    Buffer.from(canonicalize(checkpoint.signed), 'utf8'),
    publicKey,
    Buffer.from(checkpoint.signature, 'base64'),
  );
}

const comparePositions = (a, b) => {
  const commit = BigInt(a.commit) - BigInt(b.commit);
  const delta = commit === 0n ? BigInt(a.prepare) - BigInt(b.prepare) : commit;
  return delta < 0n ? -1 : delta > 0n ? 1 : 0;
};

/** Reads the bundle line by line (it may hold millions of events) and returns what it found. */
export async function verifyBundle(path) {
  const report = { header: undefined, keys: new Map(), events: 0, streams: new Map(), checkpoints: [] };
  const breaks = [];
  const actions = [];
  let lastPosition;
  let uncovered = 0;
  let end;
  let number = 0;

  const onStream = (record) => {
    if (report.streams.has(record.stream))
      return breaks.push({ stream: record.stream, problem: `line ${number}: the stream is declared twice` });
    const from = BigInt(record.from_revision);
    report.streams.set(record.stream, { from, revision: from - 1n, hash: record.previous_hash });
    if (report.header.from === null && from !== 0n)
      breaks.push({
        stream: record.stream,
        revision: 0n,
        problem: `missing: the bundle covers all time but starts the stream at revision ${from}`,
      });
  };

  const onEvent = (event) => {
    const state = report.streams.get(event.stream);
    if (state === undefined)
      return breaks.push({
        stream: event.stream,
        problem: `line ${number}: an event of an undeclared stream`,
      });
    const revision = BigInt(event.revision);
    const at = { stream: event.stream };
    if (lastPosition !== undefined && comparePositions(event.position, lastPosition) <= 0)
      breaks.push({ ...at, revision, problem: 'out of order: not after the event before it in $all' });
    lastPosition = event.position;
    report.events++;
    uncovered++;
    const expected = state.revision + 1n;
    if (revision > expected)
      breaks.push({
        ...at,
        revision: expected,
        problem: `missing: revision ${revision} follows ${expected - 1n}`,
      });
    else if (revision < expected)
      breaks.push({ ...at, revision, problem: `out of order: comes after revision ${expected - 1n}` });
    else if (typeof event.hash !== 'string')
      breaks.push({ ...at, revision, problem: 'unchained: stored without a hash' });
    else if (eventHash(event, state.hash) !== event.hash)
      breaks.push({
        ...at,
        revision,
        problem: 'altered: the stored hash is not that of the event and the hash before it',
      });
    state.revision = revision;
    state.hash = event.hash ?? null;
    if (typeof event.metadata?.actor === 'string')
      actions.push(`${event.time}  ${event.metadata.actor}  ${event.eventtype}  ${event.stream}#${revision}`);
  };

  const onCheckpoint = (checkpoint) => {
    const { signed } = checkpoint;
    const previous = report.checkpoints.at(-1);
    report.checkpoints.push(signed.sequence);
    if (previous !== undefined && signed.sequence !== previous + 1)
      breaks.push({ checkpoint: signed.sequence, problem: `checkpoint ${previous + 1} is missing` });
    if (!checkpointSigned(checkpoint, report.keys))
      breaks.push({
        checkpoint: signed.sequence,
        problem: `the signature does not verify with a published key "${signed.keyId}"`,
      });
    if (lastPosition !== undefined && comparePositions(signed.position, lastPosition) < 0)
      breaks.push({
        checkpoint: signed.sequence,
        problem: 'out of order: an event before it lies after it in $all',
      });
    uncovered = 0;
    for (const head of signed.heads) {
      const state = report.streams.get(head.stream);
      const revision = BigInt(head.revision);
      if (state === undefined || revision < state.from) continue;
      const at = { stream: head.stream, checkpoint: signed.sequence };
      if (state.revision < revision)
        breaks.push({
          ...at,
          revision: state.revision + 1n,
          problem: `missing: checkpoint ${signed.sequence} saw this stream at revision ${revision}, the bundle has it up to ${state.revision}`,
        });
      else if (state.revision > revision)
        breaks.push({
          ...at,
          revision: revision + 1n,
          problem: `added: checkpoint ${signed.sequence} saw this stream end at revision ${revision}`,
        });
      else if (state.hash !== head.hash)
        breaks.push({
          ...at,
          revision,
          problem: `not the event checkpoint ${signed.sequence} saw at this revision`,
        });
    }
  };

  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const text of lines) {
    number++;
    if (text.trim() === '') continue;
    let record;
    try {
      record = JSON.parse(text);
    } catch {
      breaks.push({ problem: `line ${number} is not JSON` });
      continue;
    }
    if (number === 1) {
      if (record.record !== 'bundle' || record.format !== 'shipping-audit-bundle')
        throw new Error('not a shipping audit bundle: its first line is not the bundle line');
      report.header = record;
    } else if (end !== undefined) breaks.push({ problem: `line ${number} follows the end line` });
    else if (record.record === 'key') report.keys.set(record.key_id, record.public_key);
    else if (record.record === 'stream') onStream(record);
    else if (record.record === 'event') onEvent(record);
    else if (record.record === 'checkpoint') onCheckpoint(record);
    else if (record.record === 'end') end = record;
    else breaks.push({ problem: `line ${number}: unknown record ${JSON.stringify(record.record)}` });
  }
  if (report.header === undefined) throw new Error('the bundle is empty');
  const counted = {
    events: report.events,
    streams: report.streams.size,
    checkpoints: report.checkpoints.length,
  };
  if (end === undefined) breaks.push({ problem: 'the bundle has no end line: it was cut short' });
  else if (
    end.events !== counted.events ||
    end.streams !== counted.streams ||
    end.checkpoints !== counted.checkpoints
  )
    breaks.push({
      problem: `the end line counts ${end.events} events, ${end.streams} streams, ${end.checkpoints} checkpoints; the bundle holds ${counted.events}, ${counted.streams}, ${counted.checkpoints}`,
    });
  return { ...counted, header: report.header, keys: [...report.keys.keys()], uncovered, actions, breaks };
}

function where(entry) {
  const parts = [];
  if (entry.stream !== undefined)
    parts.push(`stream ${entry.stream}${entry.revision === undefined ? '' : ` revision ${entry.revision}`}`);
  if (entry.checkpoint !== undefined) parts.push(`checkpoint ${entry.checkpoint}`);
  return parts.length === 0 ? 'bundle' : parts.join(', ');
}

export function formatReport(result) {
  const { header } = result;
  const lines = [
    `bundle of account ${header.account}, ${header.stream === null ? 'all its streams' : `stream ${header.stream}`}, ` +
      `events from ${header.from ?? 'the start'} to ${header.to ?? 'the export'} (exported ${header.exported_at})`,
  ];
  if (result.actions.length > 0)
    lines.push(
      'admin actions (time, actor, what, stream#revision):',
      ...result.actions.map((action) => `  ${action}`),
    );
  lines.push(...result.breaks.map((entry) => `BROKEN ${where(entry)}: ${entry.problem}`));
  lines.push(
    `${result.events} events in ${result.streams} streams: every hash and chain link; ` +
      `${result.checkpoints} checkpoints: signatures (keys ${result.keys.join(', ') || 'none'}) and the stream heads they saw; ` +
      `${result.uncovered} events after the last checkpoint, held by their chains only: ` +
      (result.breaks.length === 0 ? 'intact' : `${result.breaks.length} breaks`),
  );
  return `${lines.join('\n')}\n`;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const path = process.argv[2];
  if (path === undefined) {
    process.stderr.write('usage: node verify.mjs <bundle.jsonl>\n');
    process.exit(2);
  }
  verifyBundle(path).then(
    (result) => {
      process.stdout.write(formatReport(result));
      process.exit(result.breaks.length === 0 ? 0 : 1);
    },
    (error) => {
      process.stderr.write(`cannot verify ${path}: ${error.message}\n`);
      process.exit(2);
    },
  );
}
