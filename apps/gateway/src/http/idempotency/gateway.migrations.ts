import type { MigrationSet } from '@shipping/event-store';

export const IDEMPOTENCY_TABLE = 'gateway_idempotency_keys';

/**
 * The gateway's database: the Idempotency-Keys of HTTP requests, and the API keys (a projection
 * of the `api-keys-*` streams, one row per key by its SHA-256 digest).
 */
export const GATEWAY_MIGRATIONS: MigrationSet = {
  owner: 'gateway',
  migrations: [
    {
      version: 1,
      name: 'idempotency keys',
      sql: `
  create table if not exists ${IDEMPOTENCY_TABLE} (
    account_id text not null,
    idempotency_key text not null,
    request_hash text not null,
    status_code integer,
    response_body text,
    expires_at timestamptz not null,
    primary key (account_id, idempotency_key)
  );
  create index if not exists ${IDEMPOTENCY_TABLE}_expires_at on ${IDEMPOTENCY_TABLE} (expires_at);
`,
    },
    {
      version: 2,
      name: 'idempotency key leases',
      sql: `alter table ${IDEMPOTENCY_TABLE} add column if not exists lease_expires_at timestamptz not null default now()`,
    },
    {
      version: 3,
      name: 'api keys',
      sql: `
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
`,
    },
    {
      version: 4,
      name: 'idempotency keys of a tenant',
      // The mode joins the key (decision 101): one Idempotency-Key in each mode is two requests.
      sql: `
  alter table ${IDEMPOTENCY_TABLE} add column if not exists mode text not null default 'test';
  alter table ${IDEMPOTENCY_TABLE} drop constraint if exists ${IDEMPOTENCY_TABLE}_pkey,
    add primary key (account_id, mode, idempotency_key);
`,
    },
  ],
};
