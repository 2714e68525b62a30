import type { MigrationSet } from '@shipping/event-store';

/**
 * The batch app's tables: the batch and item id sequences, the get-batch read model, the
 * labelling jobs under way, the ledger's index (see LedgerIndex) and the batch creations not
 * finished yet (BatchCreations). Version 1 is the schema
 * created before migrations were recorded, so it keeps `if not exists`; later versions never
 * change it.
 */
export const BATCH_MIGRATIONS: MigrationSet = {
  owner: 'batch',
  migrations: [
    {
      version: 1,
      name: 'batch and item ids, batch read model, labelling jobs, ledger index',
      sql: `
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
create table if not exists ledger_entries (
  stream text not null,
  key text not null,
  parent text,
  amount_cents bigint not null,
  revision bigint not null,
  primary key (stream, key)
);
create index if not exists ledger_entries_by_parent on ledger_entries (stream, parent)
  where parent is not null;
create table if not exists ledger_heads (
  stream text primary key,
  revision bigint not null,
  balance_cents bigint not null
);
`,
    },
    {
      version: 2,
      name: 'labelling jobs under a lease, batch creations kept until their last append',
      sql: `
alter table batch_labeling_jobs add column if not exists holder text;
alter table batch_labeling_jobs add column if not exists lease_until timestamptz;
alter table batch_labeling_jobs add column if not exists failures integer not null default 0;
create table if not exists batch_creations (
  batch_id    text        primary key,
  command     jsonb       not null,
  started_at  timestamptz not null default now(),
  lease_until timestamptz
);
`,
    },
    {
      version: 3,
      name: 'ledger entries with the reference of a credit and the balance after each entry',
      // Rows indexed before have neither: a credit's are filled in from its stream when a command reads it.
      sql: `
alter table ledger_entries add column if not exists reference text;
alter table ledger_entries add column if not exists balance_after_cents bigint;
`,
    },
    {
      version: 4,
      name: 'labelling job leases fenced by a token',
      sql: `
alter table batch_labeling_jobs add column if not exists lease_token bigint not null default 0;
`,
    },
    {
      version: 5,
      name: 'the key mode of ledgers and batches',
      // Decision 101: every row before was test data. The summary document names its mode too, as
      // a rebuild from the events writes it.
      sql: `
alter table ledger_entries add column if not exists mode text not null default 'test';
alter table ledger_heads add column if not exists mode text not null default 'test';
alter table batch_view add column if not exists mode text not null default 'test';
update batch_view set doc = (doc::jsonb || '{"mode": "test"}'::jsonb)::json where doc->>'mode' is null;
alter table batch_items_view add column if not exists mode text not null default 'test';
alter table batch_labeling_jobs add column if not exists mode text not null default 'test';
alter table batch_creations add column if not exists mode text not null default 'test';
drop index if exists batch_view_newest;
create index if not exists batch_view_newest_of_tenant
  on batch_view (account_id, mode, (doc->>'created_at') desc, batch_id desc);
`,
    },
  ],
};
