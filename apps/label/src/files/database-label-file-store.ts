import type { OnModuleInit } from '@nestjs/common';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { LABEL_MIGRATIONS } from '../label.migrations';
import type { LabelFile, LabelFileStore } from './label-file-store';
import { assertLabelKey } from './label-keys';

/** Files a statement writes at most: two parameters each, far below PostgreSQL's 65,535. */
const ROWS_PER_WRITE = 1_000;

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
    const chunks = Array.from({ length: Math.ceil(sorted.length / ROWS_PER_WRITE) }, (_, index) =>
      sorted.slice(index * ROWS_PER_WRITE, (index + 1) * ROWS_PER_WRITE),
    );
    if (chunks.length === 1) return this.write(this.sql, chunks[0]);
    await this.sql.transaction(async (tx) => {
      for (const chunk of chunks) await this.write(tx, chunk);
    });
  }

  /**
   * One row of parameters a file: each content goes as a binary parameter, as it is. In a `bytea[]`
   * parameter every byte would be sent as two hex digits, escaped by the client and parsed back by
   * the server (measured: 100 labels of 2 to 4 KB stored in 2.4x the time).
   */
  private async write(sql: SqlClient, files: readonly LabelFile[]): Promise<void> {
    const rows = files.map((_, index) => `($${2 * index + 1}, $${2 * index + 2})`);
    await sql.query(
      `insert into label_files (key, content) values ${rows.join(', ')}
       on conflict (key) do update set content = excluded.content`,
      files.flatMap((file) => [file.key, file.content]),
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
