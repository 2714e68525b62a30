import fc from 'fast-check';
import { canonicalJson } from '../audit/canonical-json';
import { eventHash } from '../audit/event-hash';
import type { EventData } from '../event-store';
import { type ChainLink, prepareBatch, type PreparedBatch, streamStart } from './append-statement';

interface InsertedRow {
  id?: string;
  type: string;
  version: number;
  hash: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/** The rows as the statement reads them: each event's data, hash, kind and id side by side. */
function insertedRows(prepared: Omit<PreparedBatch, 'last'>): InsertedRow[] {
  const kinds = JSON.parse(prepared.kinds) as [string, number, Record<string, unknown>][];
  const hashes = arrayItems(prepared.hashes);
  const kindOf = arrayItems(prepared.kindOf).map(Number);
  const ids = prepared.ids === null ? [] : arrayItems(prepared.ids);
  return (JSON.parse(prepared.data) as unknown[]).map((data, index) => ({
    ...(ids[index] === undefined || ids[index] === 'null' ? {} : { id: ids[index] }),
    type: kinds[kindOf[index]][0],
    version: kinds[kindOf[index]][1],
    hash: hashes[index],
    data,
    metadata: kinds[kindOf[index]][2],
  }));
}

/** The items of an array literal of unquoted items (hex, digits, UUIDs, null). */
function arrayItems(literal: string): string[] {
  expect(literal).toMatch(/^\{[0-9a-z,-]*\}$/);
  return literal === '{}' ? [] : literal.slice(1, -1).split(',');
}

/** Nested objects and arrays, strings of any UTF-16 units (lone surrogates too), doubles of every kind. */
const json = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' });
const event: fc.Arbitrary<EventData> = fc.record(
  {
    id: fc.uuid(),
    type: fc.string({ minLength: 1, maxLength: 12, unit: 'binary' }),
    version: fc.integer({ min: 1, max: 9 }),
    data: fc.oneof(json, fc.dictionary(fc.string({ unit: 'binary' }), json)),
    metadata: fc.dictionary(fc.string({ unit: 'binary' }), json, { maxKeys: 4 }),
  },
  { requiredKeys: ['type', 'data'] },
);
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
          expect(row.id).toBe(batch[index].id);
          expect(row.type).toBe(batch[index].type);
          expect(row.version).toBe(batch[index].version ?? 1);
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
    const inserted = insertedRows(prepared);

    expect(inserted.map((row) => row.hash)).toEqual(referenceHashes('batch-1', batch, streamStart));
    expect(prepared.data).toContain(
      '{"index":1,"item_id":"item_1","zé€𝄞":{"big":1e+21,"list":[1,0,"a\\u0000\\"\\\\"],"tiny":1e-7,"weight":0.14285714285714285}}',
    );
  });

  it('sends the type, version and metadata the events share once, and each event names its own', () => {
    const shared = { correlationId: 'c-1', accountId: 'acct_acme' };
    const other = { correlationId: 'c-2' };
    const batch: EventData[] = [shared, shared, other, shared, shared, shared].map((metadata, index) => ({
      type: index === 4 ? 'ItemFailed' : 'ItemValidated',
      version: index === 5 ? 2 : undefined,
      data: { index },
      metadata,
    }));
    const prepared = prepareBatch('batch-1', batch, streamStart);

    expect(JSON.parse(prepared.kinds)).toEqual([
      ['ItemValidated', 1, shared],
      ['ItemValidated', 1, other],
      ['ItemValidated', 1, shared],
      ['ItemFailed', 1, shared],
      ['ItemValidated', 2, shared],
    ]);
    expect(insertedRows(prepared).map((row) => row.metadata)).toEqual([
      shared,
      shared,
      other,
      shared,
      shared,
      shared,
    ]);
    expect(insertedRows(prepared).map((row) => row.hash)).toEqual(
      referenceHashes('batch-1', batch, streamStart),
    );
  });

  it('sends the ids the caller gave and leaves the others to the server', () => {
    const id = '5d1bdd19-9af7-41fa-bca3-f4a81ff837cf';
    const prepared = prepareBatch(
      'batch-1',
      [
        { id, type: 'A', data: 1 },
        { type: 'A', data: 2 },
      ],
      streamStart,
    );

    expect(insertedRows(prepared).map((row) => row.id)).toEqual([id, undefined]);
    expect(prepared.ids).toBe(`{${id},null}`);
    expect(
      prepareBatch(
        'batch-1',
        [
          { type: 'A', data: 1 },
          { id, type: 'A', data: 2 },
        ],
        streamStart,
      ).ids,
    ).toBe(`{null,${id}}`);
    expect(prepareBatch('batch-1', [{ type: 'A', data: 1 }], streamStart).ids).toBeNull();
    expect(() => prepareBatch('batch-1', [{ id: 'not-a-uuid', type: 'A', data: 1 }], streamStart)).toThrow(
      'Event id must be a UUID, got "not-a-uuid"',
    );
  });
});
