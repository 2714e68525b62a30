import type { AdminCall } from './admin-commands';

type Row = Record<string, unknown>;

const line = (row: Row, fields: string[]) =>
  fields
    .filter((field) => row[field] !== undefined && row[field] !== null)
    .map((field) => `${field}: ${String(row[field])}`)
    .join('\n');

/** An answer's data as lines an operator reads; `--json` prints the data itself. */
export function formatAnswer(show: AdminCall['show'], data: unknown): string {
  const row = (data ?? {}) as Row;
  switch (show) {
    case 'account':
      return `${line(row, ['id', 'name', 'balance', 'live_balance', 'weight_unit', 'length_unit', 'created_at'])}\n`;
    case 'accounts': {
      const page = row as { data?: Row[]; next_page_url?: string | null };
      const rows = (page.data ?? []).map((account) => `${account['id']}  ${account['name']}`);
      return `${[...rows, ...(page.next_page_url ? ['(more: --page next)'] : [])].join('\n')}\n`;
    }
    case 'key':
      return `${line(row, ['id', 'key', 'mode', 'prefix', 'last4', 'created_at', 'revoked_at'])}\n${
        row['key'] ? 'Keep the key now: it is never shown again.\n' : ''
      }`;
    case 'keys':
      return `${((data ?? []) as Row[])
        .map(
          (key) =>
            `${key['id']}  ${key['prefix']}...${key['last4']}  ${key['revoked_at'] ? 'revoked' : 'active'}`,
        )
        .join('\n')}\n`;
    case 'shipper':
      return `${line(row, ['id', 'hash_id', 'name', 'carrier', 'integration', 'batch_eligible', 'has_credentials', 'credentials_set_at'])}\n`;
    case 'verified':
      return 'The carrier accepted the credentials.\n';
    case 'resealed':
      return `${line(row, ['resealed', 'key_id'])}\n`;
    case 'credit':
      return `${line(row, ['id', 'account_id', 'mode', 'amount', 'reference', 'balance'])}\n`;
  }
}
