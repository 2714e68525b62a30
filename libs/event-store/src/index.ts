export * from './event-store';
export * from './sql-client';
