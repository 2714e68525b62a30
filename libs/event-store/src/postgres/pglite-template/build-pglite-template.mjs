#!/usr/bin/env node
// Builds the data template of the installed PGlite (a database folder straight after initdb) into
// node_modules/.cache/pglite-template/<PGlite version>/ unless it exists, and prints the folder.
// A new data folder is a copy of it, so a first start runs no initdb. Named by version, a template
// is never copied into a PGlite it was not made by; templates of other versions are removed.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = join(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '..');
const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
const templatesDir = join(packageRoot, '../../.cache/pglite-template');
const template = join(templatesDir, version);

/** Concurrent first starts may build at once: each builds into its own folder and the first rename wins. */
async function build() {
  const { PGlite } = await import('@electric-sql/pglite');
  const staging = `${template}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const db = await PGlite.create(staging);
  await db.close();
  if (existsSync(template)) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, template);
}

function removeOtherVersions() {
  for (const name of readdirSync(templatesDir))
    if (name !== version && !name.endsWith('.tmp'))
      rmSync(join(templatesDir, name), { recursive: true, force: true });
}

if (!existsSync(template)) {
  await build();
  removeOtherVersions();
}
process.stdout.write(`${template}\n`);
