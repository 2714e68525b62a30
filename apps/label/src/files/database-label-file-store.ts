import type { OnModuleInit } from '@nestjs/common';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { LABEL_MIGRATIONS } from '../label.migrations';
import type { LabelFile, LabelFileStore } from './label-file-store';
import { assertLabelKey } from './label-keys';

/**
 * Label PDFs in the label app's database (`label_files`), so every instance reads what any of
 * them wrote: a label bought on one is merged on another, and served by whichever the gateway asks.
 */
export class DatabaseLabelFileStore implements LabelFileStore, OnModuleInit {
  constructor(private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, LABEL_MIGRATIONS);
  }

  async put(key: string, content: Uint8Array): Promise<void> {
    assertLabelKey(key);
    await this.sql.query(
      `insert into label_files (key, content) values ($1, $2)
       on conflict (key) do update set content = excluded.content`,
      [key, content],
    );
  }

  async putMany(files: readonly LabelFile[]): Promise<void> {
    for (const { key } of files) assertLabelKey(key);
    if (files.length === 0) return;
    // Rows are written in key order, so two instances storing overlapping files never deadlock.
    const sorted = [...files].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    await this.sql.query(
      `insert into label_files (key, content)
       select * from unnest($1::text[], $2::bytea[]) as file (key, content)
       on conflict (key) do update set content = excluded.content`,
      [sorted.map((file) => file.key), sorted.map((file) => file.content)],
    );
  }

  async get(key: unknown): Promise<Uint8Array | undefined> {
    assertLabelKey(key);
    const { rows } = await this.sql.query<{ content: Uint8Array }>(
      'select content from label_files where key = $1',
      [key],
    );
    return rows[0]?.content;
  }

  async getMany(keys: readonly string[]): Promise<Map<string, Uint8Array>> {
    for (const key of keys) assertLabelKey(key);
    if (keys.length === 0) return new Map();
    const { rows } = await this.sql.query<{ key: string; content: Uint8Array }>(
      'select key, content from label_files where key = any($1::text[])',
      [keys],
    );
    return new Map(rows.map((row) => [row.key, row.content]));
  }
}
