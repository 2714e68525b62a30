export * from './test-database';
export * from './decider-spec';
export * from './fixtures/orders';
export * from './http-client';
export * from './runtime-process';
export * from './fixtures/pickups';
export * from './fixtures/batches';
