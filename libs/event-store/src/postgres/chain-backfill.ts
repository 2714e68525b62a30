import type { SqlClient } from '../sql-client';
import { eventHash } from '../audit/event-hash';
import { type QueryRows, toBigInt, toJson } from './sql-values';

interface StreamRow {
  global_position: string;
  stream_name: string;
  revision: string;
  event_type: string;
  event_version: number;
  data: unknown;
  metadata: unknown;
  event_hash: string | null;
}

/** Streams chained per transaction: short transactions on a large store. */
const streamsPerRound = 200;

/**
 * Chains the events stored without a hash (written before the chain, or by an instance still
 * running older code), under one transaction-level advisory lock per round so instances starting
 * together chain each stream once. Answers how many events it chained.
 */
export async function chainUnchainedEvents(sql: SqlClient, table: string): Promise<number> {
  let chained = 0;
  for (;;) {
    const round = await sql.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`${table}.chain`]);
      const { rows } = await tx.query<{ stream_name: string }>(
        `select distinct stream_name from ${table} where event_hash is null limit ${streamsPerRound}`,
      );
      if (rows.length === 0) return undefined;
      return chainStreams(
        async <R>(statement: string, params: unknown[]) => (await tx.query<R>(statement, params)).rows,
        table,
        rows.map((row) => row.stream_name),
      );
    });
    if (round === undefined) return chained;
    chained += round;
  }
}

/** Computes each stream's chain from its first event and fills the hashes that are missing. */
export async function chainStreams(
  queryRows: QueryRows,
  table: string,
  streamNames: string[],
): Promise<number> {
  const rows = await queryRows<StreamRow>(
    `select global_position::text as global_position, stream_name, stream_revision::text as revision,
            event_type, event_version, data, metadata, event_hash
     from ${table} where stream_name = any($1::text[]) order by stream_name, stream_revision`,
    [streamNames],
  );
  const positions: string[] = [];
  const hashes: string[] = [];
  let stream: string | undefined;
  let previousHash: string | null = null;
  for (const row of rows) {
    if (row.stream_name !== stream) [stream, previousHash] = [row.stream_name, null];
    const hash: string =
      row.event_hash ??
      eventHash({
        streamName: row.stream_name,
        revision: toBigInt(row.revision),
        type: row.event_type,
        version: Number(row.event_version),
        data: toJson(row.data),
        metadata: toJson(row.metadata),
        previousHash,
      });
    if (row.event_hash === null) {
      positions.push(row.global_position);
      hashes.push(hash);
    }
    previousHash = hash;
  }
  if (positions.length > 0)
    await queryRows(
      `update ${table} e set event_hash = v.hash
       from unnest($1::bigint[], $2::text[]) as v(position, hash)
       where e.global_position = v.position and e.event_hash is null`,
      [positions, hashes],
    );
  return positions.length;
}
