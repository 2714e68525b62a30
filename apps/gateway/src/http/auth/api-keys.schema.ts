/**
 * The gateway's table of API keys: a projection of the `api-keys-*` streams, one row per key, by
 * its SHA-256 digest. Every table and column the gateway's keys need is created here.
 */
export const API_KEYS_SCHEMA = `
create table if not exists gateway_api_keys (
  digest text primary key,
  key_id text not null unique,
  account_id text not null,
  account_name text not null,
  mode text not null,
  prefix text not null,
  last4 text not null,
  sandbox boolean not null,
  created_at timestamptz not null,
  revoked_at timestamptz
);
create index if not exists gateway_api_keys_account on gateway_api_keys (account_id, created_at);
`;
