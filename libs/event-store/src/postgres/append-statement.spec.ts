import fc from 'fast-check';
import { canonicalJson } from '../audit/canonical-json';
import { eventHash } from '../audit/event-hash';
import type { EventData } from '../event-store';
import { type ChainLink, prepareBatch, streamStart } from './append-statement';

interface InsertedRow {
  id: string;
  type: string;
  version: number;
  hash: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/** The rows as the statement reads them, each with the metadata it names. */
function insertedRows({ rows, metadata }: { rows: string; metadata: string }): InsertedRow[] {
  const list = JSON.parse(metadata) as Record<string, unknown>[];
  return (JSON.parse(rows) as (Omit<InsertedRow, 'metadata'> & { m: number })[]).map(({ m, ...row }) => ({
    ...row,
    metadata: list[m],
  }));
}

/** Nested objects and arrays, strings of any UTF-16 units (lone surrogates too), doubles of every kind. */
const json = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' });
const event: fc.Arbitrary<EventData> = fc.record({
  type: fc.string({ minLength: 1, maxLength: 12, unit: 'binary' }),
  version: fc.integer({ min: 1, max: 9 }),
  data: fc.oneof(json, fc.dictionary(fc.string({ unit: 'binary' }), json)),
  metadata: fc.dictionary(fc.string({ unit: 'binary' }), json, { maxKeys: 4 }),
});
const append = fc.record({
  streamName: fc.string({ minLength: 1, maxLength: 20, unit: 'binary' }),
  events: fc.array(event, { minLength: 1, maxLength: 8 }),
  after: fc.constantFrom(-1n, 0n, 41n, 9007199254740990n, 18446744073709551000n),
});

/** The hashes as the reference writes them, one event's fields at a time. */
function referenceHashes(streamName: string, events: EventData[], previous: ChainLink): string[] {
  let previousHash = previous.hash;
  return events.map((event, index) => {
    previousHash = eventHash({
      streamName,
      revision: previous.revision + 1n + BigInt(index),
      type: event.type,
      version: event.version ?? 1,
      data: event.data ?? null,
      metadata: event.metadata ?? {},
      previousHash,
    });
    return previousHash;
  });
}

describe('prepareBatch', () => {
  it('chains the same hashes as the reference eventHash and stores the canonical text of what it hashed', () => {
    let events = 0;
    fc.assert(
      fc.property(append, ({ streamName, events: batch, after }) => {
        const previous: ChainLink = after < 0n ? streamStart : { revision: after, hash: 'ab'.repeat(32) };
        const prepared = prepareBatch(streamName, batch, previous);
        const { last } = prepared;
        const inserted = insertedRows(prepared);
        const expected = referenceHashes(streamName, batch, previous);

        expect(inserted.map((row) => row.hash)).toEqual(expected);
        expect(last).toEqual({ revision: previous.revision + BigInt(batch.length), hash: expected.at(-1) });
        inserted.forEach((row, index) => {
          expect(canonicalJson(row.data)).toBe(canonicalJson(batch[index].data ?? null));
          expect(canonicalJson(row.metadata)).toBe(canonicalJson(batch[index].metadata ?? {}));
        });
        events += batch.length;
      }),
      { numRuns: 800, seed: 104 },
    );
    expect(events).toBeGreaterThan(2_000);
  });

  it('hashes the bench batches the same way, from text the reference checks key by key', () => {
    const batch: EventData[] = Array.from({ length: 300 }, (_, index) => ({
      type: index % 2 ? 'ItemCompleted' : 'ItemValidated',
      data: {
        index,
        'zé€𝄞': { weight: index / 7, big: index * 1e21, tiny: index * 1e-7, list: [index, -0, 'a\u0000"\\'] },
        item_id: `item_${index}`,
      },
      metadata: { correlationId: `c-${index}`, accountId: 'acct_acme' },
    }));
    const prepared = prepareBatch('batch-1', batch, streamStart);
    const { rows } = prepared;
    const inserted = insertedRows(prepared);

    expect(inserted.map((row) => row.hash)).toEqual(referenceHashes('batch-1', batch, streamStart));
    expect(rows).toContain(
      '"data":{"index":1,"item_id":"item_1","zé€𝄞":{"big":1e+21,"list":[1,0,"a\\u0000\\"\\\\"],"tiny":1e-7,"weight":0.14285714285714285}}',
    );
  });

  it('sends a metadata object the events share once, and each event names its own', () => {
    const shared = { correlationId: 'c-1', accountId: 'acct_acme' };
    const other = { correlationId: 'c-2' };
    const batch: EventData[] = [shared, shared, other, shared].map((metadata, index) => ({
      type: 'ItemValidated',
      data: { index },
      metadata,
    }));
    const prepared = prepareBatch('batch-1', batch, streamStart);

    expect(JSON.parse(prepared.metadata)).toEqual([shared, other, shared]);
    expect(insertedRows(prepared).map((row) => row.metadata)).toEqual([shared, shared, other, shared]);
    expect(insertedRows(prepared).map((row) => row.hash)).toEqual(
      referenceHashes('batch-1', batch, streamStart),
    );
  });
});
