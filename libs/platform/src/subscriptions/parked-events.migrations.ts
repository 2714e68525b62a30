import type { MigrationSet } from '@shipping/event-store';

/** Events stored subscriptions parked (ParkedEvents), in the database of each app that subscribes. */
export const PARKED_EVENTS_MIGRATIONS: MigrationSet = {
  owner: 'parked_events',
  migrations: [
    {
      version: 1,
      name: 'parked events',
      sql: `
create table if not exists parked_events (
  seq                bigserial   primary key,
  subscription       text        not null,
  event_id           text        not null,
  stream_name        text        not null,
  event              jsonb       not null,
  error              text        not null,
  behind_event_id    text,
  attempts           integer     not null,
  parked_at          timestamptz not null default now(),
  retry_requested_at timestamptz,
  retry_holder       text,
  unique (subscription, event_id)
);
create index if not exists parked_events_stream on parked_events (subscription, stream_name, seq);
`,
    },
    {
      version: 2,
      name: "a lease on a parked event's retry",
      sql: `
-- A holder whose instance died lets its retries go when the lease runs out; rows held before the
-- lease existed (null) may be taken over at once.
alter table parked_events add column if not exists retry_lease_until timestamptz;
`,
    },
  ],
};
