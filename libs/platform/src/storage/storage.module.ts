import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  createPgliteSqlClient,
  createPgSqlClient,
  type EventStore,
  PostgresEventStore,
  type SqlClient,
} from '@shipping/event-store';
import type { StorageConfig } from '../config/storage-config';
import { EVENT_STORE, SQL_CLIENT } from '../tokens';

export async function openSqlClient(config: StorageConfig): Promise<SqlClient> {
  if (config.STORE === 'postgres') return createPgSqlClient(config.DATABASE_URL as string);
  const dataDir = join(config.DATA_DIR, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  return createPgliteSqlClient(dataDir);
}

/** Closes the store after every module stopped its subscriptions (onModuleDestroy runs first). */
@Injectable()
class StorageLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

/** The SQL client and event store every app module of this process uses, chosen by configuration. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(config: StorageConfig): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        { provide: SQL_CLIENT, useFactory: () => openSqlClient(config) },
        {
          provide: EVENT_STORE,
          inject: [SQL_CLIENT],
          useFactory: async (sql: SqlClient) => {
            const store = new PostgresEventStore(sql);
            await store.init();
            return store;
          },
        },
        StorageLifecycle,
      ],
      exports: [SQL_CLIENT, EVENT_STORE],
    };
  }
}
