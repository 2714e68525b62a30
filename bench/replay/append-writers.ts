import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { PostgresEventStore } from '@shipping/event-store';
import type { BatchWrites } from './bench-batches';

/** Writes one batch's appends in order, each with the expected revision the last one returned. */
export interface BatchWriter {
  write(batch: BatchWrites): Promise<void>;
  close(): Promise<void>;
}

export async function ourWriter(url: string, schema?: string): Promise<BatchWriter> {
  const store = new PostgresEventStore(createPgSqlClient(url), { schema });
  await store.init();
  return {
    async write({ streamName, appends }) {
      let expectedRevision: 'no_stream' | bigint = 'no_stream';
      for (const events of appends)
        expectedRevision = (await store.appendToStream(streamName, events, { expectedRevision }))
          .nextExpectedRevision;
    },
    close: () => store.close(),
  };
}

/** Emmett's PostgreSQL event store with the same appends; its ids travel as its own, in metadata. */
export async function emmettWriter(url: string): Promise<BatchWriter> {
  const store = getPostgreSQLEventStore(url);
  await store.schema.migrate();
  return {
    async write({ streamName, appends }) {
      let expectedStreamVersion: bigint | typeof STREAM_DOES_NOT_EXIST = STREAM_DOES_NOT_EXIST;
      for (const events of appends) {
        const result: { nextExpectedStreamVersion: bigint } = await store.appendToStream(
          streamName,
          events.map((event) => ({
            type: event.type,
            data: event.data as Record<string, unknown>,
            metadata: event.metadata,
          })),
          { expectedStreamVersion },
        );
        expectedStreamVersion = result.nextExpectedStreamVersion;
      }
    },
    close: () => store.close(),
  };
}

/** Every batch through `writers` concurrent writers; answers events per second. */
export async function appendAll(
  writer: BatchWriter,
  batches: () => Iterable<BatchWrites>,
  concurrency: number,
): Promise<{ events: number; seconds: number }> {
  const source = batches()[Symbol.iterator]();
  let events = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let next = source.next(); !next.done; next = source.next()) {
        await writer.write(next.value);
        events += next.value.events;
      }
    }),
  );
  return { events, seconds: (performance.now() - started) / 1000 };
}
