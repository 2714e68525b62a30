import { IsIn, IsString, Matches, ValidateIf } from 'class-validator';
import type { ShippingMode } from './production-checks';

export type StoreKind = 'pglite' | 'postgres';
export type EventStoreKind = 'postgres' | 'eventstoredb';

/** Where an app keeps its events and read models, and whether it runs as the sandbox. */
export class StorageConfig {
  /** `sandbox` (the default: built-in keys and secrets) or `production`, which refuses them (PRODUCTION_CHECKS). */
  @IsIn(['sandbox', 'production'], { message: 'SHIPPING_MODE must be sandbox or production' })
  SHIPPING_MODE: ShippingMode = 'sandbox';

  /** `pglite`: embedded PostgreSQL in DATA_DIR (the default); `postgres`: a server at DATABASE_URL. */
  @IsIn(['pglite', 'postgres'], { message: 'STORE must be pglite or postgres' })
  STORE: StoreKind = 'pglite';

  @IsString()
  DATA_DIR = './data';

  @ValidateIf((config: StorageConfig) => config.STORE === 'postgres' || config.DATABASE_URL !== undefined)
  @Matches(/^postgres(ql)?:\/\//, {
    message: 'DATABASE_URL must be a postgres:// connection string (required when STORE=postgres)',
  })
  DATABASE_URL?: string;

  /**
   * Where the event streams live: `postgres`, the PostgreSQL adapter on the SQL store above (the
   * default); `eventstoredb`, EventStoreDB at ESDB_URL. Read models and checkpoints stay in the SQL store.
   */
  @IsIn(['postgres', 'eventstoredb'], { message: 'EVENT_STORE must be postgres or eventstoredb' })
  EVENT_STORE: EventStoreKind = 'postgres';

  @ValidateIf(
    (config: StorageConfig) => config.EVENT_STORE === 'eventstoredb' || config.ESDB_URL !== undefined,
  )
  @Matches(/^esdb(\+discover)?:\/\//, {
    message: 'ESDB_URL must be an esdb:// connection string (required when EVENT_STORE=eventstoredb)',
  })
  ESDB_URL?: string;
}
