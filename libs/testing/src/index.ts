export * from './test-database';
export * from './sql-backends';
export * from './database-faults';
export * from './held-writes';
export * from './stalled-client';
export * from './redeliveries';
export * from './decider-spec';
export * from './fixtures/orders';
export * from './http-client';
export * from './runtime-process';
export * from './child-stop';
export * from './fixtures/pickups';
export * from './fixtures/batches';
export * from './fixtures/instant-ship';
export * from './eventstoredb/test-eventstoredb-server';
export { InMemoryEventLog, type LoggedEvent } from './eventstoredb/in-memory-log';
export * from './distributed/app-process';
export * from './distributed/distributed-runtime';
export * from './distributed/test-broker';
export * from './webhook-receiver';
export * from './openapi-contract';
export * from './distributed/span-collector';
export * from './redis';
export * from './test-certificates';
export * from './pgbouncer';
export { LAG_METRICS, lagSamplesOf } from './metrics/lag-samples';
export * from './carriers/usps-mock';
export * from './carriers/live-usps-shipper';
export {
  checkedOpenApiExchanges,
  enableOpenApiConformance,
  gatewaysWithoutDocument,
  takeOpenApiViolations,
} from './conformance/conformance-check';
export { fieldErrorsOf, testClient } from './api-test-client';
