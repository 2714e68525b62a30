import type { sendUnaryData, ServerUnaryCall, UntypedServiceImplementation } from '@grpc/grpc-js';
import type { Empty } from '@eventstore/db-client/generated/shared_pb';
import { SupportedMethod, SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb';

/** The server version the test server claims: the KurrentDB image of docker-compose.yml. */
export const TEST_SERVER_VERSION = '25.1.0';

/**
 * `ServerFeatures.GetSupportedMethods`, as KurrentDB builds it (ServerFeatures.cs): every method
 * of the services served, service and method names in lower case, with the features it adds to
 * reads and batch appends. @eventstore/db-client (6.x, `appendToStream`) asks for it once per
 * connection and appends with `BatchAppend` when `/event_store.client.streams.streams/batchappend`
 * is listed and the call passes no credentials of its own; otherwise, and when the server answers
 * UNIMPLEMENTED here, it falls back to `Append`.
 */
export function serverFeatures(served: Record<string, UntypedServiceImplementation>) {
  const listed = {
    ...served,
    'event_store.client.server_features.ServerFeatures': { getSupportedMethods: true },
  };
  const methods = Object.entries(listed).flatMap(([service, implementation]) =>
    Object.keys(implementation).map((name) => {
      const method = new SupportedMethod()
        .setServiceName(service.toLowerCase())
        .setMethodName(name.toLowerCase());
      if (service.endsWith('.Streams') && name === 'read') method.setFeaturesList(['position', 'events']);
      if (service.endsWith('.Streams') && name === 'batchAppend')
        method.setFeaturesList(['deadline_duration']);
      return method;
    }),
  );
  const supported = new SupportedMethods()
    .setEventStoreServerVersion(TEST_SERVER_VERSION)
    .setMethodsList(methods);
  return {
    getSupportedMethods: (
      _call: ServerUnaryCall<Empty, SupportedMethods>,
      callback: sendUnaryData<SupportedMethods>,
    ) => callback(null, supported),
  };
}
