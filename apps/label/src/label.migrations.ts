import type { MigrationSet } from '@shipping/event-store';

/**
 * The label app's tables: labels bought, purchases under way, the sandbox carrier's own books, shippers'
 * carrier credentials (sealed), and the label PDFs themselves when they are kept in the database (LABEL_STORE=database).
 * Version 1 is the schema created before migrations were recorded, so it keeps `if not exists`;
 * later versions never change it.
 */
export const LABEL_MIGRATIONS: MigrationSet = {
  owner: 'label',
  migrations: [
    {
      version: 1,
      name: 'label purchases, purchase intents, sandbox carrier sales',
      sql: `
create table if not exists label_purchases (
  item_id text primary key,
  tracking_number text not null,
  label_key text not null,
  created_at timestamptz not null default now()
);
create table if not exists label_purchase_intents (
  item_id text primary key,
  carrier_key text not null,
  service text not null,
  shipment text not null,
  holder text not null,
  lease_expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index if not exists label_purchase_intents_lease on label_purchase_intents (lease_expires_at);
create table if not exists sandbox_carrier_sales (
  idempotency_key text primary key,
  item_id text not null,
  service text not null,
  shipment text not null,
  tracking_number text not null,
  sold_at timestamptz not null default now()
);
create index if not exists sandbox_carrier_sales_item_id on sandbox_carrier_sales (item_id);
`,
    },
    {
      version: 2,
      name: 'label files',
      sql: `
create table if not exists label_files (
  key text primary key,
  content bytea not null,
  created_at timestamptz not null default now()
);
`,
    },
    {
      version: 3,
      name: 'label purchase intents fenced by a token',
      sql: `
alter table label_purchase_intents add column if not exists lease_token bigint not null default 0;
`,
    },
    {
      version: 4,
      name: 'carrier credentials, sealed',
      sql: `
create table if not exists carrier_credentials (
  account_id text not null,
  shipper_id bigint not null,
  carrier text not null,
  sealed text not null,
  set_at timestamptz not null,
  primary key (account_id, shipper_id)
);
`,
    },
    {
      version: 5,
      name: 'label purchase intents record the carrier adapter chosen',
      // Rows from before have no carrier or integration and read as a test: the sandbox completes them.
      sql: `
alter table label_purchase_intents add column if not exists carrier text;
alter table label_purchase_intents add column if not exists integration text;
alter table label_purchase_intents add column if not exists mode text not null default 'test';
`,
    },
    {
      version: 6,
      name: 'label purchase intents record a call to a carrier without idempotency keys',
      // asked_at: the carrier was asked and its answer is not known yet; outcome_unknown: why the
      // purchase ended failed without being asked again (decision 0102).
      sql: `
alter table label_purchase_intents add column if not exists asked_at timestamptz;
alter table label_purchase_intents add column if not exists outcome_unknown text;
`,
    },
    {
      version: 7,
      name: 'label purchase intents record the account and shipper bought for',
      sql: `
alter table label_purchase_intents add column if not exists account_id text;
alter table label_purchase_intents add column if not exists shipper_id bigint;
`,
    },
    {
      version: 8,
      name: 'carrier tokens kept for every instance, sealed',
      sql: `
-- key: the carrier, the kind of token and the integration; sealed under CARRIER_CREDENTIAL_KEYS;
-- digest: SHA-256 of the token, so a refused one is forgotten only while it is still the kept one.
create table if not exists carrier_tokens (
  key text primary key,
  sealed text not null,
  digest text not null,
  expires_at timestamptz,
  fetched_at timestamptz not null
);
`,
    },
    {
      version: 9,
      name: 'carrier pickups, asked once',
      // One row per pickup order scheduled with a carrier, written before the carrier is asked;
      // outcome: confirmed, refused, unknown (asked, answer lost: never asked again), unscheduled
      // (no carrier took it), cancelled (decision 0106).
      sql: `
create table if not exists carrier_pickups (
  pickup_key text primary key,
  carrier text not null,
  integration text not null,
  account_id text not null,
  shipper_id bigint not null,
  asked_at timestamptz not null default clock_timestamp(),
  outcome text,
  confirmation_number text,
  reason text
);
`,
    },
    {
      version: 10,
      name: 'label purchases bought one label per piece',
      // pieces: the labels of a shipment's pieces bought so far under the intent, in order, so a
      // purchase taken over resumes at the next piece (decision 0111); piece_tracking_numbers: every
      // piece's tracking number of a label bought piece by piece.
      sql: `
alter table label_purchase_intents add column if not exists pieces jsonb not null default '[]'::jsonb;
alter table label_purchases add column if not exists piece_tracking_numbers text[];
`,
    },
  ],
};
