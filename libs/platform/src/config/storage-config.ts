import { IsIn, IsString, Matches, ValidateIf } from 'class-validator';

export type StoreKind = 'pglite' | 'postgres';

/** Where an app keeps its events and read models. */
export class StorageConfig {
  /** `pglite`: embedded PostgreSQL in DATA_DIR (the default); `postgres`: a server at DATABASE_URL. */
  @IsIn(['pglite', 'postgres'], { message: 'STORE must be pglite or postgres' })
  STORE: StoreKind = 'pglite';

  @IsString()
  DATA_DIR = './data';

  @ValidateIf((config: StorageConfig) => config.STORE === 'postgres' || config.DATABASE_URL !== undefined)
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// connection string' })
  DATABASE_URL?: string;
}
