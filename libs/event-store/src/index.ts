/**
 * The event store's port: loads no database driver. The drivers are adapters with their own import
 * paths: `@shipping/event-store/postgres`, `/pglite` and `/eventstoredb`.
 */
export * from './event-store';
export * from './sql-client';
export * from './checkpoints/checkpoint-store';
export * from './checkpoints/checkpointed-subscription';
export {
  DuplicateEventIdError,
  PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres/postgres-event-store';
export {
  auditCheckpointsMigrations,
  checkpointsMigrations,
  eventsMigrations,
} from './postgres/event-store.migrations';
export { eventStoreTables, type EventStoreTables } from './postgres/schema';
export {
  migrate,
  MIGRATIONS_TABLE,
  type Migration,
  type MigrationSet,
  schemaReady,
} from './postgres/migrations';
export { SqlCheckpointStore } from './postgres/sql-checkpoint-store';
export { type EventUpcaster, Upcasters } from './upcasting/upcasters';
export { adapterOf, UpcastingEventStore } from './upcasting/upcasting-event-store';
export { chainedText, eventHash, type ChainedFields } from './audit/event-hash';
export { canonicalJson } from './audit/canonical-json';
export {
  ALL_CHAIN_START,
  type AuditCheckpoint,
  checkpointSigned,
  checkpointText,
  extendAllChain,
  nextCheckpointBody,
  signCheckpoint,
  type StreamHead,
} from './audit/audit-checkpoint';
export { chainedHashOf, recordCheckpoints } from './audit/audit-checkpointer';
export { type AuditPublicKey, auditSigningKey, type AuditSigningKey, signText } from './audit/signing-keys';
export { SqlAuditCheckpoints } from './audit/sql-audit-checkpoints';
export { type AuditBreak, type AuditReport, verifyStore } from './audit/verify-store';
export {
  auditBundle,
  AUDIT_BUNDLE_FORMAT,
  type AuditExportQuery,
  bundleCheckpoint,
  bundleEvent,
} from './audit/audit-export';
