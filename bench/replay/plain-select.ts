import { Client, type CustomTypesConfig } from 'pg';

/** Every column as the text PostgreSQL sent: no JSON, number or date parsing. */
const textOnly: CustomTypesConfig = {
  getTypeParser: (() => (value: string) => value) as CustomTypesConfig['getTypeParser'],
};

/** The columns the adapter reads for $all, 64-bit ones cast to text as it does. */
const COLUMNS = `transaction_id::text as commit_position, global_position::text as prepare_position,
  event_id::text as id, stream_name, stream_revision::text as revision, event_type, event_version,
  data, metadata, created_at`;

/**
 * The database's floor under a read of $all: the rows the adapter reads, in its order and page
 * size, by a plain keyset SELECT through `pg` with every type handed over as text. Answers the
 * number of rows read.
 */
export async function selectAllRows(
  url: string,
  pageSize: number,
  table = 'event_store.events',
): Promise<number> {
  const client = new Client({ connectionString: url, types: textOnly });
  await client.connect();
  try {
    let rows = 0;
    let after: [string, string] | undefined;
    for (;;) {
      const page = after
        ? await client.query(
            `select ${COLUMNS} from ${table} where (transaction_id, global_position) > ($1::xid8, $2::bigint)
             order by transaction_id, global_position limit $3`,
            [...after, pageSize],
          )
        : await client.query(
            `select ${COLUMNS} from ${table} order by transaction_id, global_position limit $1`,
            [pageSize],
          );
      if (page.rows.length === 0) return rows;
      rows += page.rows.length;
      const last = page.rows[page.rows.length - 1] as { commit_position: string; prepare_position: string };
      after = [last.commit_position, last.prepare_position];
    }
  } finally {
    await client.end();
  }
}
