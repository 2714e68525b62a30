/**
 * Tables the order app owns: the account directory (accounts, shippers, saved addresses), a
 * projection of the `account-*` streams. Every table and column of the directory is created here.
 */
export const ACCOUNT_DIRECTORY_SCHEMA = `
create table if not exists order_accounts (
  account_id text primary key,
  name text not null,
  weight_unit text not null,
  length_unit text not null
);
alter table order_accounts add column if not exists created_at timestamptz not null default now();
create index if not exists order_accounts_created on order_accounts (created_at, account_id);
create table if not exists order_shippers (
  shipper_id integer primary key,
  account_id text not null references order_accounts(account_id),
  name text not null,
  carrier text not null,
  integration text not null
);
create index if not exists order_shippers_account on order_shippers (account_id, shipper_id);
create sequence if not exists order_shipper_ids start with 1000;
create sequence if not exists order_address_ids start with 1000;
create table if not exists order_addresses (
  address_id integer primary key,
  account_id text not null references order_accounts(account_id),
  address jsonb not null,
  created_at timestamptz not null default now()
);
create index if not exists order_addresses_account on order_addresses (account_id, address_id);
`;
