import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { EventStore, SqlClient } from '@shipping/event-store';
import { EVENT_STORE, SQL_CLIENT } from '../tokens';
import { Readiness } from './readiness';

export const READINESS = Symbol('READINESS');

/** The store checks every process has; runDistributedApp adds Kafka's. */
export function storeChecks(sql: SqlClient, store: EventStore) {
  return [
    { name: 'store', check: () => sql.query('select 1') },
    { name: 'event store', check: () => store.readAll({ direction: 'backwards', maxCount: 1 }) },
  ];
}

/** READINESS for the health endpoints: the process's store checks, to which others are added. */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(): DynamicModule {
    return {
      module: ObservabilityModule,
      providers: [
        {
          provide: READINESS,
          inject: [SQL_CLIENT, EVENT_STORE],
          useFactory: (sql: SqlClient, store: EventStore) => new Readiness(storeChecks(sql, store)),
        },
      ],
      exports: [READINESS],
    };
  }
}
