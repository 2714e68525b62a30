import { type DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import type { EventStore, SqlClient } from '@shipping/event-store';
import { EVENT_STORE, SQL_CLIENT } from '../tokens';

/**
 * What StorageModule gives an app, handed from a spec: the SQL client (and the event store, for an
 * app that keeps streams) the spec opened on its own test database, closed by the spec too.
 */
@Global()
@Module({})
export class TestStorageModule {
  static with(sql: SqlClient, store?: EventStore): DynamicModule {
    const providers: Provider[] = [
      { provide: SQL_CLIENT, useValue: sql },
      ...(store ? [{ provide: EVENT_STORE, useValue: store }] : []),
    ];
    return {
      module: TestStorageModule,
      providers,
      exports: store ? [SQL_CLIENT, EVENT_STORE] : [SQL_CLIENT],
    };
  }
}
