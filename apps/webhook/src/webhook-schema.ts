import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';

const SCHEMA = `
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
-- Delivery ids are random and created_at can repeat within a clock tick: insertion order decides "newest".
alter table webhook_deliveries add column if not exists seq bigserial;
drop index if exists webhook_deliveries_newest;
create index if not exists webhook_deliveries_newest_first on webhook_deliveries (endpoint_id, seq desc);
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

/**
 * Event types (issue 16): what each endpoint subscribes to, each delivery's type, and the key and
 * position that keep one endpoint's deliveries of one batch in order. Kept apart from SCHEMA so it
 * can move into a versioned migration as one step.
 */
export const EVENT_TYPES_SCHEMA = `
alter table webhook_endpoints add column if not exists event_types text[] not null default array['shipment.shipped'];
alter table webhook_deliveries add column if not exists event_type text not null default 'shipment.shipped';
alter table webhook_deliveries add column if not exists order_key text;
alter table webhook_deliveries add column if not exists order_position bigint;
create index if not exists webhook_deliveries_ordered_pending on webhook_deliveries (endpoint_id, order_key, order_position)
  where status = 'pending' and order_key is not null;
`;

/**
 * The webhook app's tables. `retry_from` is the attempt count when the current retry chain began
 * (a redelivery starts the schedule again); `lease_*` mark a delivery some dispatcher is sending.
 */
@Injectable()
export class WebhookSchema implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await this.sql.exec(SCHEMA);
    await this.sql.exec(EVENT_TYPES_SCHEMA);
  }
}
