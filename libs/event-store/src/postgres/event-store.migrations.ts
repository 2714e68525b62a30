import type { MigrationSet } from './migrations';
import { eventIdConstraint, type EventStoreTables, streamRevisionConstraint } from './schema';

/**
 * The events table (see schema.ts). Version 1 is the schema created before migrations were
 * recorded, so it keeps `if not exists`: on such a database it finds everything in place.
 */
export function eventsMigrations({ schema, events }: EventStoreTables): MigrationSet {
  return {
    owner: events,
    migrations: [
      {
        version: 1,
        name: 'events',
        sql: `
create schema if not exists ${schema};

create table if not exists ${events} (
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
  constraint ${streamRevisionConstraint} unique (stream_name, stream_revision),
  constraint ${eventIdConstraint} unique (event_id)
);

create index if not exists events_all_order on ${events} (transaction_id, global_position);
`,
      },
      {
        version: 2,
        name: 'event hash chain',
        // Filled by every append; events written before are chained by chainUnchainedEvents.
        sql: `
alter table ${events} add column if not exists event_hash text;
create index if not exists events_unchained on ${events} (stream_name) where event_hash is null;
`,
      },
      {
        version: 3,
        name: 'event data kept as its canonical text',
        // json keeps the text an append sends, the RFC 8785 text its hash covers, where jsonb parsed
        // it into a tree of its own (decision 152). Rewrites the table once; the data is unchanged.
        sql: `alter table ${events} alter column data type json using data::json;`,
      },
      {
        version: 4,
        name: 'the fence of $all',
        // See all-query.ts. A backend works in one database for its life, so a transaction another
        // database's backend runs cannot write here; one whose database is not known counts, as a
        // prepared transaction does. Stable, it reads the snapshot of the statement calling it;
        // PL/pgSQL keeps its plan for the session, where SQL would plan it at each read.
        sql: `
create or replace function ${schema}.all_fence() returns xid8 language plpgsql stable as $fence$
begin
  return coalesce(
    (select min(running) from pg_snapshot_xip(pg_current_snapshot()) as running
      where not exists (select from pg_stat_get_activity(null) as backend
        where backend.backend_xid = xid(running)
          and backend.datid <> (select oid from pg_database where datname = current_database()))),
    pg_snapshot_xmax(pg_current_snapshot()));
end
$fence$;
`,
      },
    ],
  };
}

/** Positions are stored as numeric(20): wide enough for any adapter's unsigned 64-bit positions. */
export function checkpointsMigrations({ schema, checkpoints }: EventStoreTables): MigrationSet {
  return {
    owner: checkpoints,
    migrations: [
      {
        version: 1,
        name: 'subscription checkpoints',
        sql: `
create schema if not exists ${schema};

create table if not exists ${checkpoints} (
  subscription_name text           primary key,
  commit_position   numeric(20, 0) not null,
  prepare_position  numeric(20, 0) not null,
  updated_at        timestamptz    not null default now()
);
`,
      },
    ],
  };
}

/** Signed audit checkpoints (see audit/audit-checkpoint.ts); positions as numeric(20) for any adapter. */
export function auditCheckpointsMigrations({ schema, auditCheckpoints }: EventStoreTables): MigrationSet {
  return {
    owner: auditCheckpoints,
    migrations: [
      {
        version: 1,
        name: 'audit checkpoints',
        sql: `
create schema if not exists ${schema};

create table if not exists ${auditCheckpoints} (
  sequence         bigint         primary key check (sequence >= 1),
  commit_position  numeric(20, 0) not null,
  prepare_position numeric(20, 0) not null,
  event_count      bigint         not null,
  chain            text           not null,
  heads            jsonb          not null,
  key_id           text           not null,
  signature        text           not null,
  created_at       timestamptz    not null default now()
);
`,
      },
    ],
  };
}
