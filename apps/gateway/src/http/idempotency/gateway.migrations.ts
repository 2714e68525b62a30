import type { MigrationSet } from '@shipping/event-store';

export const IDEMPOTENCY_TABLE = 'gateway_idempotency_keys';

/** The gateway's database: the Idempotency-Keys of HTTP requests. */
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
  ],
};
