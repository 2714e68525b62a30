import { resolve } from 'node:path';
import { defaultLabelWorkers } from './workers/label-worker-pool';

export interface LabelConfig {
  /** Every label file lives under this folder; keys are paths relative to it. */
  labelsRoot: string;
  /** Worker threads that make and merge label PDFs. */
  workers: number;
}

export const LABEL_CONFIG = Symbol('LABEL_CONFIG');

/** `${DATA_DIR}/labels` (DATA_DIR defaults to ./data) and LABEL_WORKERS (default: one per CPU). */
export function readLabelConfig(env: Record<string, string | undefined> = process.env): LabelConfig {
  const dataDir = env['DATA_DIR']?.trim() || './data';
  const rawWorkers = env['LABEL_WORKERS']?.trim();
  if (rawWorkers === undefined || rawWorkers === '')
    return { labelsRoot: resolve(dataDir, 'labels'), workers: defaultLabelWorkers() };
  const workers = Number(rawWorkers);
  if (!/^\d+$/.test(rawWorkers) || !Number.isSafeInteger(workers) || workers < 1) {
    throw new Error(
      `Invalid environment variable LABEL_WORKERS=${JSON.stringify(rawWorkers)}: expected an integer of at least 1.`,
    );
  }
  return { labelsRoot: resolve(dataDir, 'labels'), workers };
}
