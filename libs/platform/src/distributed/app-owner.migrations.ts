import type { MigrationSet } from '@shipping/event-store';

export const OWNER_TABLE = 'shipping_app_owner';

/** The one row naming the app a database of the distributed runtime belongs to. */
export const APP_OWNER_MIGRATIONS: MigrationSet = {
  owner: OWNER_TABLE,
  migrations: [
    {
      version: 1,
      name: 'app owner',
      sql: `create table if not exists ${OWNER_TABLE} (singleton boolean primary key default true check (singleton), app text not null)`,
    },
  ],
};
