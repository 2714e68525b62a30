export const BATCH_READ_MODEL_SCHEMA = `
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
`;
