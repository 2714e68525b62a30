import type { MigrationSet } from '@shipping/event-store';

export const IDEMPOTENT_REQUESTS_TABLE = 'idempotent_requests';

/**
 * Commands done per Idempotency-Key, in the database of each app that takes them. Version 2 puts
 * the key's mode in the primary key (decision 101): one Idempotency-Key in each mode is two
 * requests, and the rows written before are test requests.
 */
export const IDEMPOTENT_REQUESTS_MIGRATIONS: MigrationSet = {
  owner: IDEMPOTENT_REQUESTS_TABLE,
  migrations: [
    {
      version: 1,
      name: 'idempotent requests',
      sql: `
  create table if not exists ${IDEMPOTENT_REQUESTS_TABLE} (
    account_id text not null,
    idempotency_key text not null,
    pattern text not null,
    payload_hash text not null,
    outcome jsonb,
    expires_at timestamptz not null,
    lease_expires_at timestamptz not null,
    primary key (account_id, idempotency_key, pattern, payload_hash)
  );
  create index if not exists ${IDEMPOTENT_REQUESTS_TABLE}_expires_at on ${IDEMPOTENT_REQUESTS_TABLE} (expires_at);
`,
    },
    {
      version: 2,
      name: 'idempotent requests of a tenant',
      sql: `
  alter table ${IDEMPOTENT_REQUESTS_TABLE} add column if not exists mode text not null default 'test';
  alter table ${IDEMPOTENT_REQUESTS_TABLE} drop constraint if exists ${IDEMPOTENT_REQUESTS_TABLE}_pkey,
    add primary key (account_id, mode, idempotency_key, pattern, payload_hash);
`,
    },
  ],
};
