import type { MigrationSet } from '@shipping/event-store';

/**
 * The webhook app's tables. `retry_from` is the attempt count when the current retry chain began
 * (a redelivery starts the schedule again); `lease_*` mark a delivery some dispatcher is sending.
 * Version 1 is the schema created before migrations were recorded, so it keeps `if not exists`,
 * as does version 2 (databases of that time may have it already); later versions never change.
 */
export const WEBHOOK_MIGRATIONS: MigrationSet = {
  owner: 'webhook',
  migrations: [
    {
      version: 1,
      name: 'endpoints, deliveries, attempts',
      sql: `
create sequence if not exists webhook_endpoint_ids;
create table if not exists webhook_endpoints (
  id bigint primary key,
  account_id text not null,
  url text not null,
  secret text not null,
  created_at timestamptz not null,
  deleted_at timestamptz
);
create index if not exists webhook_endpoints_live on webhook_endpoints (account_id, id) where deleted_at is null;
create table if not exists webhook_deliveries (
  id text primary key,
  endpoint_id bigint not null references webhook_endpoints (id),
  account_id text not null,
  event_id text not null,
  body text not null,
  status text not null check (status in ('pending', 'delivered', 'failed')),
  attempt_count integer not null default 0,
  retry_from integer not null default 0,
  next_attempt_at timestamptz,
  lease_token text,
  lease_until timestamptz,
  created_at timestamptz not null,
  unique (endpoint_id, event_id)
);
create index if not exists webhook_deliveries_due on webhook_deliveries (next_attempt_at, id) where status = 'pending';
create index if not exists webhook_deliveries_newest on webhook_deliveries (endpoint_id, created_at desc, id desc);
create table if not exists webhook_attempts (
  delivery_id text not null references webhook_deliveries (id),
  number integer not null,
  at timestamptz not null,
  status_code integer,
  error text,
  duration_ms integer not null,
  primary key (delivery_id, number)
);
`,
    },
    {
      version: 2,
      name: 'deliveries newest first by insertion order',
      sql: `
-- Delivery ids are random and created_at can repeat within a clock tick: insertion order decides "newest".
alter table webhook_deliveries add column if not exists seq bigserial;
drop index if exists webhook_deliveries_newest;
create index if not exists webhook_deliveries_newest_first on webhook_deliveries (endpoint_id, seq desc);
`,
    },
    {
      version: 3,
      name: "event types, and the order of a batch's deliveries per endpoint",
      sql: `
alter table webhook_endpoints add column if not exists event_types text[] not null default array['shipment.shipped'];
alter table webhook_deliveries add column if not exists event_type text not null default 'shipment.shipped';
alter table webhook_deliveries add column if not exists order_key text;
alter table webhook_deliveries add column if not exists order_position bigint;
create index if not exists webhook_deliveries_ordered_pending on webhook_deliveries (endpoint_id, order_key, order_position)
  where status = 'pending' and order_key is not null;
`,
    },
    {
      version: 4,
      name: 'pending deliveries by endpoint, and the leases held per endpoint',
      sql: `
-- A claim reads each endpoint's earliest due deliveries and counts its leases through these two,
-- never the whole backlog; the old index by due time alone no longer serves any query.
drop index if exists webhook_deliveries_due;
create index if not exists webhook_deliveries_pending_by_endpoint on webhook_deliveries (endpoint_id, next_attempt_at, id)
  where status = 'pending';
create index if not exists webhook_deliveries_leased on webhook_deliveries (endpoint_id, lease_until)
  where status = 'pending' and lease_until is not null;
`,
    },
    {
      version: 5,
      name: 'endpoints of a tenant: account and key mode',
      sql: `
-- A delivery takes the mode of its endpoint, which gets only the events of its mode.
alter table webhook_endpoints add column if not exists mode text not null default 'test';
drop index if exists webhook_endpoints_live;
create index if not exists webhook_endpoints_of_tenant on webhook_endpoints (account_id, mode, id) where deleted_at is null;
`,
    },
  ],
};
