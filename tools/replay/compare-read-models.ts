import type { SqlClient } from '@shipping/event-store';

/** The read-model tables and their keys; the batches page reads batch_view, so it has no table of its own. */
export const READ_MODEL_TABLES = [
  { table: 'batch_view', key: ['batch_id'] },
  { table: 'batch_items_view', key: ['batch_id', 'item_id'] },
  { table: 'order_open_orders', key: ['shipment_order_id'] },
  { table: 'pickup_orders_view', key: ['pickup_id'] },
  { table: 'order_accounts', key: ['account_id'] },
  { table: 'order_shippers', key: ['shipper_id'] },
  { table: 'order_addresses', key: ['address_id'] },
  { table: 'gateway_api_keys', key: ['digest'] },
] as const;

export interface TableComparison {
  table: string;
  liveRows: number;
  rebuiltRows: number;
  onlyLive: string[];
  onlyRebuilt: string[];
  changed: { key: string; live: unknown; rebuilt: unknown }[];
}

/** Rows by key, each as jsonb text: key order and json whitespace normalised, values compared exactly. */
async function rowsByKey(
  sql: SqlClient,
  table: string,
  key: readonly string[],
): Promise<Map<string, string>> {
  const { rows: found } = await sql.query<{ name: string | null }>('select to_regclass($1)::text as name', [
    table,
  ]);
  if (!found[0]?.name) return new Map();
  const { rows } = await sql.query<{ key: string; row: string }>(
    `select concat_ws('/', ${key.join(', ')}) as key, to_jsonb(t)::text as row from ${table} t`,
  );
  return new Map(rows.map((row) => [row.key, row.row]));
}

export async function compareReadModels(live: SqlClient, rebuilt: SqlClient): Promise<TableComparison[]> {
  const comparisons: TableComparison[] = [];
  for (const { table, key } of READ_MODEL_TABLES) {
    const [liveRows, rebuiltRows] = await Promise.all([
      rowsByKey(live, table, key),
      rowsByKey(rebuilt, table, key),
    ]);
    const comparison: TableComparison = {
      table,
      liveRows: liveRows.size,
      rebuiltRows: rebuiltRows.size,
      onlyLive: [...liveRows.keys()].filter((rowKey) => !rebuiltRows.has(rowKey)),
      onlyRebuilt: [...rebuiltRows.keys()].filter((rowKey) => !liveRows.has(rowKey)),
      changed: [],
    };
    for (const [rowKey, row] of rebuiltRows) {
      const liveRow = liveRows.get(rowKey);
      if (liveRow !== undefined && liveRow !== row)
        comparison.changed.push({ key: rowKey, live: JSON.parse(liveRow), rebuilt: JSON.parse(row) });
    }
    comparisons.push(comparison);
  }
  return comparisons;
}

export const isEqual = (comparison: TableComparison) =>
  comparison.onlyLive.length === 0 && comparison.onlyRebuilt.length === 0 && comparison.changed.length === 0;

const shown = 20;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The dotted paths where two JSON values differ, down to the innermost differing field. */
function differingPaths(
  live: unknown,
  rebuilt: unknown,
  path = '',
): { path: string; live: unknown; rebuilt: unknown }[] {
  if (!isObject(live) || !isObject(rebuilt))
    return JSON.stringify(live) === JSON.stringify(rebuilt) ? [] : [{ path, live, rebuilt }];
  return [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].flatMap((field) =>
    differingPaths(live[field], rebuilt[field], path ? `${path}.${field}` : field),
  );
}

/** Per table: equal, or what differs (at most 20 rows of each kind). */
export function formatComparison(comparisons: readonly TableComparison[]): string {
  const lines: string[] = [];
  for (const comparison of comparisons) {
    const { table, liveRows, rebuiltRows, onlyLive, onlyRebuilt, changed } = comparison;
    if (isEqual(comparison)) {
      lines.push(`${table}: equal (${liveRows} rows)`);
      continue;
    }
    lines.push(`${table}: DIFFERENT (live ${liveRows} rows, rebuilt ${rebuiltRows})`);
    for (const rowKey of onlyLive.slice(0, shown)) lines.push(`  only live: ${rowKey}`);
    for (const rowKey of onlyRebuilt.slice(0, shown)) lines.push(`  missing from live: ${rowKey}`);
    for (const change of changed.slice(0, shown)) {
      lines.push(`  differs: ${change.key}`);
      for (const { path, live, rebuilt } of differingPaths(change.live, change.rebuilt))
        lines.push(`    ${path}: live ${JSON.stringify(live)}, rebuilt ${JSON.stringify(rebuilt)}`);
    }
    const more =
      onlyLive.length +
      onlyRebuilt.length +
      changed.length -
      Math.min(shown, onlyLive.length) -
      Math.min(shown, onlyRebuilt.length) -
      Math.min(shown, changed.length);
    if (more > 0) lines.push(`  ... and ${more} more`);
  }
  return `${lines.join('\n')}\n`;
}
