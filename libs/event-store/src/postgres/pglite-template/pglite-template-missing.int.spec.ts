import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgliteSqlClient } from '../pglite-sql-client';

// The build script cannot run (a read-only node_modules, say).
jest.mock('node:child_process', () => ({
  execFile: (_file: string, _args: string[], done: (error: Error) => void) =>
    done(new Error('EACCES: permission denied')),
}));

describe('a new PGlite database when no template can be built', () => {
  it('warns and lets PGlite run initdb in this process', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'pglite-no-template-'));
    const warning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const dataDir = join(parent, 'pglite');
      const sql = await createPgliteSqlClient(dataDir);
      expect((await sql.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await sql.close();
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(warning).toHaveBeenCalledWith(expect.stringContaining('initdb runs in this process instead'));
    } finally {
      warning.mockRestore();
      await rm(parent, { recursive: true, force: true });
    }
  }, 120_000);

  it('warns and lets PGlite run initdb for an in-memory database too', async () => {
    const warning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const sql = await createPgliteSqlClient();
      expect((await sql.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await sql.close();
      expect(warning).toHaveBeenCalledWith(expect.stringContaining('initdb runs in this process instead'));
    } finally {
      warning.mockRestore();
    }
  }, 120_000);
});
