import { resolve } from 'node:path';
import { DAY_MS, readIdempotencyTtlMs, readRetentionDays } from '@shipping/platform/retention';
import { defaultLabelWorkers } from './workers/label-worker-pool';

/** `database`: the app's SQL database, shared by its instances; `files`: a folder of one process. */
export type LabelStoreKind = 'database' | 'files';

const LABEL_STORES: readonly string[] = ['database', 'files'] satisfies LabelStoreKind[];

export interface LabelConfig {
  /** The folder of the `files` store; keys are paths relative to it. */
  labelsRoot: string;
  /** Worker threads that make and merge label PDFs. */
  workers: number;
  /** Where label PDFs live (LABEL_STORE); unset, it follows the SQL store (labelStoreOf). */
  store?: LabelStoreKind;
  /** How long a file in the database store is kept after it was written (LABEL_FILE_RETENTION_DAYS). */
  fileRetentionMs: number;
  /**
   * How long a purchase whose outcome is unknown is remembered after the carrier was asked
   * (LABEL_OUTCOME_UNKNOWN_RETENTION_DAYS): never less than an Idempotency-Key's time.
   */
  outcomeUnknownRetentionMs: number;
  /** How long a carrier pickup's row is kept after the carrier was asked (LABEL_PICKUP_RETENTION_DAYS). */
  pickupRetentionMs: number;
}

export const LABEL_CONFIG = Symbol('LABEL_CONFIG');

const refuse = (name: string, value: string, expected: string) =>
  new Error(`Invalid environment variable ${name}=${JSON.stringify(value)}: expected ${expected}.`);

function readWorkers(raw: string | undefined): number {
  if (raw === undefined || raw === '') return defaultLabelWorkers();
  const workers = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(workers) || workers < 1)
    throw refuse('LABEL_WORKERS', raw, 'an integer of at least 1');
  return workers;
}

function readStore(raw: string | undefined): LabelStoreKind | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!LABEL_STORES.includes(raw)) throw refuse('LABEL_STORE', raw, 'database or files');
  return raw as LabelStoreKind;
}

/** A retention in days of rows that answer repeats: never shorter than an Idempotency-Key's time. */
function readRetentionPastRetries(
  env: Record<string, string | undefined>,
  name: string,
  defaultDays: number,
) {
  const keepMs = readRetentionDays(env, name, defaultDays) * DAY_MS;
  const idempotencyTtlMs = readIdempotencyTtlMs(env);
  if (keepMs < idempotencyTtlMs)
    throw refuse(
      name,
      env[name]?.trim() ?? '',
      `at least IDEMPOTENCY_TTL_HOURS (${idempotencyTtlMs / 3_600_000} hours), so a late retry still finds its answer`,
    );
  return keepMs;
}

/**
 * `${DATA_DIR}/labels` (DATA_DIR defaults to ./data), LABEL_WORKERS (default: one per CPU),
 * LABEL_STORE (default: see labelStoreOf), LABEL_FILE_RETENTION_DAYS (30),
 * LABEL_OUTCOME_UNKNOWN_RETENTION_DAYS (30) and LABEL_PICKUP_RETENTION_DAYS (90).
 */
export function readLabelConfig(env: Record<string, string | undefined> = process.env): LabelConfig {
  const dataDir = env['DATA_DIR']?.trim() || './data';
  const workers = readWorkers(env['LABEL_WORKERS']?.trim());
  const store = readStore(env['LABEL_STORE']?.trim());
  const fileRetentionMs = readRetentionDays(env, 'LABEL_FILE_RETENTION_DAYS', 30) * DAY_MS;
  const outcomeUnknownRetentionMs = readRetentionPastRetries(env, 'LABEL_OUTCOME_UNKNOWN_RETENTION_DAYS', 30);
  const pickupRetentionMs = readRetentionPastRetries(env, 'LABEL_PICKUP_RETENTION_DAYS', 90);
  return {
    labelsRoot: resolve(dataDir, 'labels'),
    workers,
    ...(store && { store }),
    fileRetentionMs,
    outcomeUnknownRetentionMs,
    pickupRetentionMs,
  };
}

/**
 * LABEL_STORE when set; else the database on a PostgreSQL server, where several instances may
 * run, and files on PGlite, which one process holds.
 */
export const labelStoreOf = (config: LabelConfig, sqlOwnedByThisProcess: boolean): LabelStoreKind =>
  config.store ?? (sqlOwnedByThisProcess ? 'files' : 'database');
