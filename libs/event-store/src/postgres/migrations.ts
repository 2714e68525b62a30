import type { SqlClient } from '../sql-client';

/** One step of a schema: applied once per database, in version order, and never edited after. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The ordered migrations of the tables one owner (an app, the event store) keeps in a database. */
export interface MigrationSet {
  owner: string;
  migrations: readonly Migration[];
}

export const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * Applies the owner's migrations the database has not recorded, in one transaction under one
 * advisory lock: instances starting together take turns, so each migration runs once, and a
 * failing one leaves nothing half applied. Answers the migrations this call applied.
 */
export async function migrate(sql: SqlClient, set: MigrationSet): Promise<Migration[]> {
  checkOrder(set);
  return sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [MIGRATIONS_TABLE]);
    await tx.exec(`
      create table if not exists ${MIGRATIONS_TABLE} (
        owner text not null,
        version integer not null,
        name text not null,
        applied_at timestamptz not null default now(),
        primary key (owner, version)
      )`);
    const { rows } = await tx.query<{ version: number }>(
      `select version from ${MIGRATIONS_TABLE} where owner = $1`,
      [set.owner],
    );
    const applied = new Set(rows.map((row) => Number(row.version)));
    const pending = set.migrations.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query(`insert into ${MIGRATIONS_TABLE} (owner, version, name) values ($1, $2, $3)`, [
        set.owner,
        migration.version,
        migration.name,
      ]);
    }
    return pending;
  });
}

const ready = new WeakMap<SqlClient, Map<string, Promise<unknown>>>();

/**
 * `migrate`, once per client and owner in this process: every store of an app asks for its
 * app's schema at start, and the first ask applies it. A failed attempt is tried again next time.
 */
export function schemaReady(sql: SqlClient, set: MigrationSet): Promise<void> {
  let owners = ready.get(sql);
  if (!owners) ready.set(sql, (owners = new Map()));
  let applying = owners.get(set.owner);
  if (!applying) {
    applying = migrate(sql, set).catch((error: unknown) => {
      owners.delete(set.owner);
      throw error;
    });
    owners.set(set.owner, applying);
  }
  return applying.then(() => undefined);
}

function checkOrder({ owner, migrations }: MigrationSet): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `The migrations of ${owner} must be numbered 1, 2, 3... in order; found ${migration.version}`,
      );
    }
  });
}
