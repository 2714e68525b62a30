import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../../../..');
const DDL = /\b(create|alter|drop)\s+(unique\s+)?(table|index|sequence|schema)\b/i;

/** Files that may hold DDL outside a migration set, and why. */
const ALLOWED = new Map([
  [
    'tools/replay/scratch-database.ts',
    'a scratch schema of its own, new for every replay and dropped after it',
  ],
  [
    'libs/testing/src/database-faults.ts',
    "a probe table in a fresh test database of a spec's own, to capture the errors PostgreSQL raises",
  ],
]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Tables are created and changed only by versioned migrations (`*migrations.ts`), which run under
 * one lock and are recorded: DDL anywhere else would run unlocked at every start, where instances
 * starting together race on it, and would never reach databases that recorded their schema.
 */
describe('schema changes', () => {
  it('live only in migration sets', () => {
    const offending = ['apps', 'libs', 'tools']
      .flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .map((path) => relative(ROOT, path))
      .filter((path) => !/\.(spec|suite|fixture)\.ts$/.test(path) && !path.endsWith('migrations.ts'))
      .filter((path) => !ALLOWED.has(path))
      .filter((path) => DDL.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(offending).toEqual([]);
  });
});
