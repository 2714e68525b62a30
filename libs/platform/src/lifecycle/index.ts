export * from './graceful-stop';
export * from './lean-async-resource-bind';
export * from '../distributed/shared-port';
