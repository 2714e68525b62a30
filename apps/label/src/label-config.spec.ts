import { checkEnvironment } from '@shipping/platform/config';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { labelStoreOf, readLabelConfig } from './label-config';
import { LABEL_ENVIRONMENT } from './label-environment';

describe('label app configuration', () => {
  it('keeps labels in ./data/labels with one worker per CPU by default, the store left to the SQL store', () => {
    expect(readLabelConfig({})).toStrictEqual({
      labelsRoot: resolve('data/labels'),
      workers: availableParallelism(),
      fileRetentionMs: 30 * 86_400_000,
      outcomeUnknownRetentionMs: 30 * 86_400_000,
      pickupRetentionMs: 90 * 86_400_000,
    });
  });

  it('reads DATA_DIR, LABEL_WORKERS, LABEL_STORE and LABEL_FILE_RETENTION_DAYS', () => {
    expect(
      readLabelConfig({
        DATA_DIR: '/srv/shipping',
        LABEL_WORKERS: '3',
        LABEL_STORE: 'files',
        LABEL_FILE_RETENTION_DAYS: '90',
      }),
    ).toEqual({
      labelsRoot: '/srv/shipping/labels',
      workers: 3,
      store: 'files',
      fileRetentionMs: 90 * 86_400_000,
      outcomeUnknownRetentionMs: 30 * 86_400_000,
      pickupRetentionMs: 90 * 86_400_000,
    });
    expect(readLabelConfig({ LABEL_STORE: ' database ' }).store).toBe('database');
  });

  it.each(['0', '-1', 'two', '1.5'])('refuses LABEL_WORKERS=%p by name', (value) => {
    expect(() => readLabelConfig({ LABEL_WORKERS: value })).toThrow(
      `Invalid environment variable LABEL_WORKERS="${value}"`,
    );
  });

  it.each(['0', '-3', 'a month'])('refuses LABEL_FILE_RETENTION_DAYS=%p by name', (value) => {
    expect(() => readLabelConfig({ LABEL_FILE_RETENTION_DAYS: value })).toThrow(
      `Invalid environment variable LABEL_FILE_RETENTION_DAYS="${value}"`,
    );
  });

  it('keeps purchases of unknown outcome LABEL_OUTCOME_UNKNOWN_RETENTION_DAYS, never shorter than an Idempotency-Key', () => {
    expect(readLabelConfig({ LABEL_OUTCOME_UNKNOWN_RETENTION_DAYS: '3' }).outcomeUnknownRetentionMs).toBe(
      3 * 86_400_000,
    );
    expect(() =>
      readLabelConfig({ LABEL_OUTCOME_UNKNOWN_RETENTION_DAYS: '1', IDEMPOTENCY_TTL_HOURS: '48' }),
    ).toThrow(
      'Invalid environment variable LABEL_OUTCOME_UNKNOWN_RETENTION_DAYS="1": expected at least IDEMPOTENCY_TTL_HOURS (48 hours)',
    );
    expect(() => readLabelConfig({ LABEL_PICKUP_RETENTION_DAYS: '0.5' })).toThrow(
      'Invalid environment variable LABEL_PICKUP_RETENTION_DAYS="0.5": expected at least IDEMPOTENCY_TTL_HOURS (24 hours)',
    );
    expect(() => readLabelConfig({ LABEL_OUTCOME_UNKNOWN_RETENTION_DAYS: '0' })).toThrow(
      'Invalid environment variable LABEL_OUTCOME_UNKNOWN_RETENTION_DAYS="0"',
    );
  });

  it.each(['postgres', 'Database', 'disk', 'database,files'])('refuses LABEL_STORE=%p by name', (value) => {
    expect(() => readLabelConfig({ LABEL_STORE: value })).toThrow(
      `Invalid environment variable LABEL_STORE="${value}": expected database or files.`,
    );
  });

  it('stops the app at start on an invalid LABEL_STORE, naming it', () => {
    const env = { DATABASE_URL: 'postgres://127.0.0.1/label', LABEL_STORE: 's3' };
    expect(() => checkEnvironment(LABEL_ENVIRONMENT, env)).toThrow(/LABEL_STORE="s3"/);
    expect(() => checkEnvironment(LABEL_ENVIRONMENT, { ...env, LABEL_STORE: 'files' })).not.toThrow();
  });

  it('keeps label files in the database on a PostgreSQL server and in files on PGlite, unless LABEL_STORE says', () => {
    expect(labelStoreOf(readLabelConfig({}), false)).toBe('database');
    expect(labelStoreOf(readLabelConfig({}), true)).toBe('files');
    expect(labelStoreOf(readLabelConfig({ LABEL_STORE: 'files' }), false)).toBe('files');
    expect(labelStoreOf(readLabelConfig({ LABEL_STORE: 'database' }), true)).toBe('database');
  });
});
