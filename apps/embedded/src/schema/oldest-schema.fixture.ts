/**
 * The oldest schema a database of the embedded runtime can hold: the tables as their first code
 * created them (before any inline `alter`) and before schema_migrations existed. Tables added later
 * (ledger index, label purchase intents, instant-ship keys, idempotent requests...) are missing.
 */
export const OLDEST_SCHEMA = `
create schema if not exists event_store;
create table if not exists event_store.events (
  global_position bigserial   primary key,
  transaction_id  xid8        not null default pg_current_xact_id(),
  event_id        uuid        not null,
  stream_name     text        not null,
  stream_revision bigint      not null check (stream_revision >= 0),
  event_type      text        not null,
  event_version   integer     not null,
  data            jsonb       not null,
  metadata        jsonb       not null,
  created_at      timestamptz not null default now(),
  constraint events_stream_revision_unique unique (stream_name, stream_revision),
  constraint events_event_id_unique unique (event_id)
);
create index if not exists events_all_order on event_store.events (transaction_id, global_position);
create table if not exists event_store.subscription_checkpoints (
  subscription_name text           primary key,
  commit_position   numeric(20, 0) not null,
  prepare_position  numeric(20, 0) not null,
  updated_at        timestamptz    not null default now()
);

create table if not exists gateway_idempotency_keys (
  account_id text not null,
  idempotency_key text not null,
  request_hash text not null,
  status_code integer,
  response_body text,
  expires_at timestamptz not null,
  primary key (account_id, idempotency_key)
);
create index if not exists gateway_idempotency_keys_expires_at on gateway_idempotency_keys (expires_at);

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

create sequence if not exists pickup_order_ids start with 5001;
create table if not exists pickup_orders_view (
  pickup_id bigint primary key,
  account_id text not null,
  created_at timestamptz not null,
  last_revision bigint not null,
  doc json not null
);
create index if not exists pickup_orders_view_newest on pickup_orders_view (account_id, created_at desc, pickup_id desc);

create sequence if not exists batch_ids start with 1001;
create sequence if not exists batch_item_ids start with 1000001;
create table if not exists batch_view (
  batch_id text primary key,
  account_id text not null,
  last_revision bigint not null,
  doc json not null
);
create table if not exists batch_items_view (
  batch_id text not null,
  item_id text not null,
  idx integer not null,
  status text not null,
  errors json,
  tracking text,
  revision bigint not null,
  primary key (batch_id, item_id)
);
create index if not exists batch_items_view_order on batch_items_view (batch_id, idx);
create index if not exists batch_items_view_status on batch_items_view (batch_id, status, idx);
create index if not exists batch_view_newest on batch_view (account_id, (doc->>'created_at') desc, batch_id desc);
create table if not exists batch_labeling_jobs (
  batch_id text primary key,
  account_id text not null,
  correlation_id text not null,
  started_at timestamptz not null default now()
);

create table if not exists label_purchases (
  item_id text primary key,
  tracking_number text not null,
  label_key text not null,
  created_at timestamptz not null default now()
);

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
`;
