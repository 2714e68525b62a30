import { readFileSync } from 'node:fs';
import {
  adapterOf,
  type AuditBreak,
  type AuditPublicKey,
  type AuditReport,
  SqlAuditCheckpoints,
  verifyStore,
} from '@shipping/event-store';
import { readAuditConfig } from '@shipping/platform/audit';
import type { ReplaySource } from './replay-store';

/**
 * Every check of the audit over the live store: each stream's chain, each checkpoint's signature,
 * the chain of $all and the stream heads at each checkpoint. The adapter's own events are read:
 * the hashes cover what is stored, not what upcasters make of it.
 */
export async function verifyAudit(
  source: ReplaySource,
  keys: readonly AuditPublicKey[],
): Promise<AuditReport> {
  const checkpoints = new SqlAuditCheckpoints(source.sql);
  await checkpoints.init();
  return verifyStore(adapterOf(source.store), await checkpoints.all(), keys);
}

/**
 * The keys checkpoints are checked with: a file holding what `GET /audit/keys` answered (with or
 * without its envelope), or else the public halves of AUDIT_SIGNING_KEYS.
 */
export function auditKeys(
  keysFile: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): AuditPublicKey[] {
  if (keysFile === undefined)
    return readAuditConfig(env).keys.map(({ id, publicKey }) => ({ id, publicKey }));
  const answer = JSON.parse(readFileSync(keysFile, 'utf8')) as {
    data?: { keys?: unknown };
    keys?: unknown;
  };
  const keys = (answer.data?.keys ?? answer.keys) as { key_id?: unknown; public_key?: unknown }[] | undefined;
  if (!Array.isArray(keys)) throw new Error(`${keysFile} does not hold the answer of GET /audit/keys`);
  return keys.map((key) => ({ id: String(key.key_id), publicKey: String(key.public_key) }));
}

function where(entry: AuditBreak): string {
  const parts: string[] = [];
  if (entry.stream !== undefined) parts.push(`stream ${entry.stream} revision ${entry.revision}`);
  if (entry.checkpoint !== undefined) parts.push(`checkpoint ${entry.checkpoint}`);
  return parts.join(', ');
}

/** One line per break, then the verdict. */
export function formatAuditReport(report: AuditReport): string {
  const lines = report.breaks.map((entry) => `BROKEN ${where(entry)}: ${entry.problem}`);
  lines.push(
    `${report.events} events in ${report.streams} streams, ${report.checkpoints} signed checkpoints: ` +
      (report.breaks.length === 0 ? 'intact' : `${report.breaks.length} breaks`),
  );
  return `${lines.join('\n')}\n`;
}

/** The report as JSON: revisions (bigint) as decimal strings. */
export function auditReportJson(report: AuditReport): string {
  return `${JSON.stringify(report, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2)}\n`;
}
