import type { MigrationSet } from '@shipping/event-store';

/**
 * The order app's tables: the draft order id sequence, the account directory (preferences,
 * shippers, saved addresses), the open-orders read model and the instant ships under way.
 * Version 1 is the schema created before migrations were recorded, so it keeps `if not exists`;
 * later versions never change it.
 */
export const ORDER_MIGRATIONS: MigrationSet = {
  owner: 'order',
  migrations: [
    {
      version: 1,
      name: 'order ids, account directory, open orders, instant ships',
      sql: `
create sequence if not exists order_shipment_order_ids start with 100001;
create table if not exists order_accounts (
  account_id text primary key,
  name text not null,
  weight_unit text not null,
  length_unit text not null
);
create table if not exists order_shippers (
  shipper_id integer primary key,
  account_id text not null references order_accounts(account_id),
  name text not null,
  carrier text not null,
  integration text not null
);
create index if not exists order_shippers_account on order_shippers (account_id, shipper_id);
create sequence if not exists order_address_ids start with 1000;
create table if not exists order_addresses (
  address_id integer primary key,
  account_id text not null references order_accounts(account_id),
  address jsonb not null,
  created_at timestamptz not null default now()
);
create index if not exists order_addresses_account on order_addresses (account_id, address_id);
create table if not exists order_open_orders (
  shipment_order_id bigint primary key,
  account_id text not null,
  created_at timestamptz not null,
  last_revision bigint not null,
  doc json not null
);
create index if not exists order_open_orders_newest on order_open_orders (account_id, created_at desc, shipment_order_id desc);
create table if not exists order_instant_ship_pending (
  shipment_order_id bigint primary key,
  account_id text not null,
  correlation_id text not null,
  created_at timestamptz not null default now()
);
create table if not exists order_instant_ship_keys (
  account_id text not null,
  idempotency_key text not null,
  request_hash text not null,
  shipment_order_id bigint not null,
  expires_at timestamptz not null,
  primary key (account_id, idempotency_key)
);
create index if not exists order_instant_ship_keys_expires_at on order_instant_ship_keys (expires_at);
`,
    },
    {
      version: 2,
      name: 'instant ship finisher leases',
      sql: `
alter table order_instant_ship_pending add column if not exists holder text;
alter table order_instant_ship_pending add column if not exists lease_expires_at timestamptz not null default '-infinity';
`,
    },
    {
      version: 3,
      name: 'accounts as streams: opening time, shipper ids',
      sql: `
alter table order_accounts add column if not exists created_at timestamptz not null default now();
create index if not exists order_accounts_created on order_accounts (created_at, account_id);
create sequence if not exists order_shipper_ids start with 1000;
`,
    },
    {
      version: 4,
      name: 'instant ship finisher leases fenced by a token',
      sql: `
alter table order_instant_ship_pending add column if not exists lease_token bigint not null default 0;
`,
    },
    {
      version: 5,
      name: "when a shipper's carrier credentials were last set",
      sql: `
alter table order_shippers add column if not exists credentials_set_at timestamptz;
`,
    },
    {
      version: 6,
      name: 'instant ships of a tenant',
      // Decision 101: a shipment is in the mode of the key that asked for it, and one
      // Idempotency-Key in each mode is two shipments. The rows before are test shipments.
      sql: `
alter table order_instant_ship_pending add column if not exists mode text not null default 'test';
alter table order_instant_ship_keys add column if not exists mode text not null default 'test';
alter table order_instant_ship_keys drop constraint if exists order_instant_ship_keys_pkey,
  add primary key (account_id, mode, idempotency_key);
`,
    },
    {
      version: 7,
      name: 'open orders of a tenant: account and key mode',
      sql: `
alter table order_open_orders add column if not exists mode text not null default 'test';
drop index if exists order_open_orders_newest;
create index if not exists order_open_orders_tenant_newest
  on order_open_orders (account_id, mode, created_at desc, shipment_order_id desc);
`,
    },
  ],
};
