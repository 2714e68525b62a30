import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  adapterOf,
  auditBundle,
  type AuditExportQuery,
  type AuditPublicKey,
  SqlAuditCheckpoints,
} from '@shipping/event-store';
import type { ReplaySource } from './replay-store';

const ACCOUNT_ID = /^acct_[A-Za-z0-9_-]{1,64}$/;

/** The export's query from the command line, or why it is not one. */
export function exportQuery(values: {
  account?: string;
  stream?: string;
  from?: string;
  to?: string;
}): AuditExportQuery | string {
  if (values.account === undefined || !ACCOUNT_ID.test(values.account))
    return '--account must be an account id (acct_...)';
  const query: AuditExportQuery = { account: values.account };
  if (values.stream !== undefined) query.stream = values.stream;
  for (const bound of ['from', 'to'] as const) {
    const text = values[bound];
    if (text === undefined) continue;
    const time = new Date(text);
    if (Number.isNaN(time.getTime())) return `--${bound} must be a time (ISO 8601), not "${text}"`;
    query[bound] = time;
  }
  if (query.from && query.to && query.from > query.to) return '--from must not be after --to';
  return query;
}

/** Writes the account's audit bundle to `out`, line by line, as $all is read. */
export async function exportAudit(
  source: ReplaySource,
  keys: readonly AuditPublicKey[],
  query: AuditExportQuery,
  out: string,
): Promise<void> {
  const checkpoints = new SqlAuditCheckpoints(source.sql);
  await checkpoints.init();
  const lines = auditBundle(adapterOf(source.store), await checkpoints.all(), keys, query);
  await pipeline(Readable.from(lines), createWriteStream(out));
}
