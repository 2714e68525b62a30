import type { MigrationSet } from '@shipping/event-store';

/**
 * The pickup app's tables: the pickup id sequence and the pickup-orders read model. Version 1 is
 * the schema created before migrations were recorded, so it keeps `if not exists`; later versions
 * never change it.
 */
export const PICKUP_MIGRATIONS: MigrationSet = {
  owner: 'pickup',
  migrations: [
    {
      version: 1,
      name: 'pickup ids, pickup orders view',
      sql: `
create sequence if not exists pickup_order_ids start with 5001;
create table if not exists pickup_orders_view (
  pickup_id bigint primary key,
  account_id text not null,
  created_at timestamptz not null,
  last_revision bigint not null,
  doc json not null
);
create index if not exists pickup_orders_view_newest on pickup_orders_view (account_id, created_at desc, pickup_id desc);
`,
    },
  ],
};
