export { EventStoreDbEventStore } from '../eventstoredb/eventstoredb-event-store';
