import type { MigrationSet } from '@shipping/event-store';

/**
 * The pickup app's tables: the pickup id sequence, the pickup-orders read model and the pickups
 * bound to Idempotency-Keys. Version 1 is
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
    {
      version: 2,
      name: 'pickup orders kept apart by key mode; pickups bound to their Idempotency-Key',
      // Rows from before are test pickups (decision 0101); pickup_request_keys ties a retried
      // request to the pickup its first attempt created, so a carrier is asked for it once (0106).
      sql: `
alter table pickup_orders_view add column if not exists mode text not null default 'test';
create index if not exists pickup_orders_view_tenant_newest on pickup_orders_view (account_id, mode, created_at desc, pickup_id desc);
drop index if exists pickup_orders_view_newest;
create index if not exists pickup_orders_view_pending on pickup_orders_view (created_at)
  where mode = 'live' and (doc->>'status') = 'pending';
create table if not exists pickup_request_keys (
  account_id text not null,
  mode text not null,
  idempotency_key text not null,
  request_hash text not null,
  pickup_id bigint not null,
  expires_at timestamptz not null,
  primary key (account_id, mode, idempotency_key)
);
`,
    },
  ],
};
