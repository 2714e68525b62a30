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
  ],
};
