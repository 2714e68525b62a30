export { EVENT_STORE, SQL_CLIENT } from '../tokens';
export * from './storage.module';
export * from './test-storage.module';
export * from './event-upcasters';
export * from './data-folder-lock';
