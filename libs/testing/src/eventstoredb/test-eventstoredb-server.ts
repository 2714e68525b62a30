import { Server, ServerCredentials, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import { appendHandler } from './append';
import { batchAppendHandler } from './batch-append';
import { deleteHandler, tombstoneHandler } from './delete';
import { InMemoryEventLog } from './in-memory-log';
import { readHandler } from './read';
import { serverFeatures } from './server-features';

/**
 * The most an append may carry, in bytes counted as the server counts them (data, metadata and
 * twice the type's length per event): `MaxAppendSize`. KurrentDB's documentation lists 1048576
 * as its default (docs/server/configuration/configuration.md, the `--what-if` listing:
 * https://github.com/kurrent-io/KurrentDB/blob/v25.1.0/docs/server/configuration/configuration.md),
 * the default of every EventStoreDB release up to 25.0; the code of 25.1 raised it to the chunk
 * size, 256 MiB (ClusterVNodeOptions.cs). The test server holds appends to the documented 1 MiB,
 * so what passes here passes on any server left at its defaults.
 */
export const DEFAULT_MAX_APPEND_SIZE = 1_048_576;

export interface TestEventStoreDbServer {
  /** For `EventStoreDBClient.connectionString`: plaintext, one node on loopback. */
  connectionString: string;
  port: number;
  /** Everything appended so far; hand it to another server to "restart" with the same data. */
  log: InMemoryEventLog;
  maxAppendSize: number;
  /** How often each `Streams` method was called, by its name in the service definition (`batchAppend`). */
  calls: ReadonlyMap<string, number>;
  /** Ends every open call (subscribers see the connection drop) and closes the port. */
  stop(): Promise<void>;
}

/**
 * TEST INFRASTRUCTURE, not a database. An in-process gRPC server that speaks EventStoreDB's
 * `Streams` service as the client package's own generated definitions describe it (`Append`,
 * `BatchAppend`, `Read` of a stream or of $all, catch-up subscriptions, `Delete`, `Tombstone`) and
 * `ServerFeatures`, with EventStoreDB's documented semantics for expected revisions, positions,
 * `caught_up`, deleted streams and the append size limit, over an in-memory log. Because it lists
 * `BatchAppend` among its features, @eventstore/db-client appends through it, as it does against
 * a real server. It lets the EventStoreDB adapter's contract suite run over real gRPC on machines
 * where no EventStoreDB server can run.
 */
export async function startTestEventStoreDbServer(
  options: { log?: InMemoryEventLog; maxAppendSize?: number } = {},
): Promise<TestEventStoreDbServer> {
  const log = options.log ?? new InMemoryEventLog();
  const maxAppendSize = options.maxAppendSize ?? DEFAULT_MAX_APPEND_SIZE;
  const server = new Server();
  const calls = new Map<string, number>();
  const streams = counted(calls, {
    read: readHandler(log),
    append: appendHandler(log, maxAppendSize),
    batchAppend: batchAppendHandler(log, maxAppendSize),
    delete: deleteHandler(log),
    tombstone: tombstoneHandler(log),
  });
  server.addService(StreamsService, streams);
  const features = serverFeatures({ 'event_store.client.streams.Streams': streams });
  server.addService(ServerFeaturesService, features);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    port,
    log,
    maxAppendSize,
    calls,
    stop: async () => {
      server.forceShutdown();
    },
  };
}

function counted(
  calls: Map<string, number>,
  handlers: Record<string, (...args: never[]) => unknown>,
): UntypedServiceImplementation {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      (...args: never[]) => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        return handler(...args);
      },
    ]),
  ) as UntypedServiceImplementation;
}
