import { Server, ServerCredentials, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import { appendHandler } from './append';
import { InMemoryEventLog } from './in-memory-log';
import { readHandler } from './read';

export interface TestEventStoreDbServer {
  /** For `EventStoreDBClient.connectionString`: plaintext, one node on loopback. */
  connectionString: string;
  port: number;
  /** Everything appended so far; hand it to another server to "restart" with the same data. */
  log: InMemoryEventLog;
  /** Ends every open call (subscribers see the connection drop) and closes the port. */
  stop(): Promise<void>;
}

/**
 * TEST INFRASTRUCTURE, not a database. An in-process gRPC server that speaks the EventStoreDB
 * `Streams` service as the client package's own generated definitions describe it (`Append`,
 * `Read` of a stream or of $all, catch-up subscriptions), with EventStoreDB's documented
 * semantics for expected revisions, positions and `caught_up`, over an in-memory log. It lets
 * the EventStoreDB adapter's contract suite run over real gRPC on machines where no
 * EventStoreDB server can run. `ServerFeatures` is left unregistered, so the client answers
 * UNIMPLEMENTED there and appends with `Append` rather than `BatchAppend`.
 */
export async function startTestEventStoreDbServer(
  options: { log?: InMemoryEventLog } = {},
): Promise<TestEventStoreDbServer> {
  const log = options.log ?? new InMemoryEventLog();
  const server = new Server();
  const streams: UntypedServiceImplementation = { append: appendHandler(log), read: readHandler(log) };
  server.addService(StreamsService, streams);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    port,
    log,
    stop: async () => {
      server.forceShutdown();
    },
  };
}
