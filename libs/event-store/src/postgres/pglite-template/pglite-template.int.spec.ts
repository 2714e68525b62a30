import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createPgliteSqlClient } from '../pglite-sql-client';
import { pgliteTemplate, pgliteTemplateImagePath } from './pglite-template';

const installedPgliteVersion = (): string =>
  JSON.parse(readFileSync(join(require.resolve('@electric-sql/pglite'), '../../package.json'), 'utf8'))
    .version;

describe('PGlite data folders made from a template', () => {
  let parent: string;
  beforeEach(async () => (parent = await mkdtemp(join(tmpdir(), 'pglite-template-'))));
  afterEach(() => rm(parent, { recursive: true, force: true }));

  it('keeps one template per PGlite version, built once', async () => {
    const template = await pgliteTemplate();
    expect(template).toBeDefined();
    expect(basename(template as string)).toBe(installedPgliteVersion());
    expect(existsSync(join(template as string, 'PG_VERSION'))).toBe(true);

    const builtAt = statSync(template as string).mtimeMs;
    expect(await pgliteTemplate()).toBe(template);
    expect(statSync(template as string).mtimeMs).toBe(builtAt);
  }, 120_000);

  it('creates a missing folder, parents too, as a copy of the template that opens as a database', async () => {
    const dataDir = join(parent, 'data', 'pglite');
    const sql = await createPgliteSqlClient(dataDir);
    try {
      const { rows } = await sql.query<{ version: string }>('SELECT version()');
      expect(rows[0].version).toContain(`PGlite ${installedPgliteVersion()}`);
      expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe(
        readFileSync(join((await pgliteTemplate()) as string, 'PG_VERSION'), 'utf8'),
      );
    } finally {
      await sql.close();
    }
  }, 120_000);

  it('opens an existing folder as it is, never copying the template over it', async () => {
    const dataDir = join(parent, 'pglite');
    const first = await createPgliteSqlClient(dataDir);
    await first.exec('CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)');
    await first.close();

    const again = await createPgliteSqlClient(dataDir);
    try {
      expect((await again.query('SELECT id FROM kept')).rows).toEqual([{ id: 7 }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('starts an in-memory database from the template image, so two of them are the same database, not two initdbs', async () => {
    const template = (await pgliteTemplate()) as string;
    expect(basename(pgliteTemplateImagePath(template))).toBe(`${installedPgliteVersion()}.tar`);
    expect(existsSync(pgliteTemplateImagePath(template))).toBe(true);

    // initdb gives each cluster its own identifier, made of the clock's microseconds and the pid.
    const systemIdentifier = async (): Promise<string> => {
      const sql = await createPgliteSqlClient();
      try {
        const { rows } = await sql.query<{ id: string }>(
          'SELECT system_identifier::text AS id FROM pg_control_system()',
        );
        return rows[0].id;
      } finally {
        await sql.close();
      }
    };
    expect(await systemIdentifier()).toBe(await systemIdentifier());
  }, 120_000);
});
