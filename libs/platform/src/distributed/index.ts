export * from './run-distributed-app';
export * from './distributed-config';
export * from './app-owner.migrations';
