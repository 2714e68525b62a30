import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  adapterOf,
  type EventStore,
  type EventUpcaster,
  PostgresEventStore,
  type SqlClient,
  Upcasters,
} from '@shipping/event-store';
import { TracedEventStore } from '../observability/traced-event-store';
import type { StorageConfig } from '../config/storage-config';
import { lockDataFolder } from './data-folder-lock';
import { EVENT_STORE, SQL_CLIENT } from '../tokens';
import { EVENT_UPCASTERS } from './event-upcasters';
import { AuditCheckpointJob } from '../audit/audit-checkpoint-job';

/**
 * On PGlite, DATA_DIR is locked for this process until the client closes (see lockDataFolder).
 * A driver is loaded only when configured: an embedded runtime on PGlite loads neither `pg` nor
 * EventStoreDB's gRPC client, and an app on PostgreSQL does not load PGlite.
 */
export async function openSqlClient(config: StorageConfig): Promise<SqlClient> {
  if (config.STORE === 'postgres') {
    const { createPgSqlClient } = await import('@shipping/event-store/postgres');
    return createPgSqlClient(config.DATABASE_URL as string);
  }
  const { createPgliteSqlClient } = await import('@shipping/event-store/pglite');
  mkdirSync(config.DATA_DIR, { recursive: true });
  const release = lockDataFolder(config.DATA_DIR);
  try {
    const sql = await createPgliteSqlClient(join(config.DATA_DIR, 'pglite'));
    const close = sql.close.bind(sql);
    sql.close = () => close().finally(release);
    return sql;
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * The event store chosen by EVENT_STORE, reading every event in the latest version `upcasters` know
 * and writing the trace context into each appended event's metadata; the SQL client still holds
 * read models and checkpoints.
 */
export async function openEventStore(
  config: StorageConfig,
  sql: SqlClient,
  upcasters: Upcasters,
): Promise<EventStore> {
  return new TracedEventStore(await openEventStoreAdapter(config, sql), upcasters);
}

async function openEventStoreAdapter(config: StorageConfig, sql: SqlClient): Promise<EventStore> {
  if (config.EVENT_STORE === 'eventstoredb') {
    const { EventStoreDbEventStore } = await import('@shipping/event-store/eventstoredb');
    return new EventStoreDbEventStore(config.ESDB_URL as string);
  }
  const store = new PostgresEventStore(sql);
  const { chained } = await store.init();
  if (chained > 0) new Logger('EventStore').log(`Chained ${chained} events stored without a hash`);
  return store;
}

/** Closes the store after every module stopped its subscriptions (onModuleDestroy runs first). */
@Injectable()
class StorageLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    // The PostgreSQL adapter closes the SQL client it was given; with another adapter it is ours to close.
    if (!(adapterOf(this.store) instanceof PostgresEventStore)) await this.sql.close();
  }
}

/**
 * The SQL client and event store every app module of this process uses, chosen by configuration,
 * and the job that signs audit checkpoints of that store (one per process, whatever the apps in it).
 * `upcasters`: those the apps of this process register for the event types they store (AppEvents).
 */
@Global()
@Module({})
export class StorageModule {
  static forRoot(config: StorageConfig, upcasters: readonly EventUpcaster[]): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        { provide: SQL_CLIENT, useFactory: () => openSqlClient(config) },
        { provide: EVENT_UPCASTERS, useValue: new Upcasters(upcasters) },
        {
          provide: EVENT_STORE,
          inject: [SQL_CLIENT, EVENT_UPCASTERS],
          useFactory: (sql: SqlClient, read: Upcasters) => openEventStore(config, sql, read),
        },
        StorageLifecycle,
        AuditCheckpointJob,
      ],
      exports: [SQL_CLIENT, EVENT_STORE, EVENT_UPCASTERS],
    };
  }
}
