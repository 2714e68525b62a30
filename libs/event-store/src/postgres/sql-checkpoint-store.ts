import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import type { Position } from '../event-store';
import type { SqlClient } from '../sql-client';
import { checkpointsMigrations } from './event-store.migrations';
import { migrate } from './migrations';
import { eventStoreTables, type EventStoreTables } from './schema';
import { toBigInt } from './sql-values';

/** Checkpoints in a PostgreSQL table (server or PGlite), next to the read model they guard. */
export class SqlCheckpointStore implements CheckpointStore {
  private readonly tables: EventStoreTables;

  constructor(
    private readonly client: SqlClient,
    options: { schema?: string } = {},
  ) {
    this.tables = eventStoreTables(options.schema);
  }

  async init(): Promise<void> {
    await migrate(this.client, checkpointsMigrations(this.tables));
  }

  async load(name: string): Promise<Position | undefined> {
    const { rows } = await this.client.query<{ commit_position: string; prepare_position: string }>(
      `select commit_position::text as commit_position, prepare_position::text as prepare_position
       from ${this.tables.checkpoints} where subscription_name = $1`,
      [name],
    );
    const row = rows[0];
    return row && { commit: toBigInt(row.commit_position), prepare: toBigInt(row.prepare_position) };
  }

  /**
   * Moves the checkpoint forward only: an instance that took a subscription over, or a slower one
   * still finishing the events before, cannot take it back to where it was.
   */
  async store(name: string, position: Position): Promise<void> {
    const table = this.tables.checkpoints;
    await this.client.query(
      `insert into ${table} as stored (subscription_name, commit_position, prepare_position)
       values ($1, $2::numeric, $3::numeric)
       on conflict (subscription_name) do update
       set commit_position = excluded.commit_position, prepare_position = excluded.prepare_position, updated_at = now()
       where (stored.commit_position, stored.prepare_position) < (excluded.commit_position, excluded.prepare_position)`,
      [name, position.commit.toString(), position.prepare.toString()],
    );
  }
}
