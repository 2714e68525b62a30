#!/usr/bin/env node
// Builds the data template of the installed PGlite (a database straight after initdb) unless it
// exists: node_modules/.cache/pglite-template/<PGlite version>.tar, an image for PGlite's
// `loadDataDir` from which an in-memory database starts, and the folder <PGlite version>/ made from
// it, of which a new data folder is a copy. Prints the folder. So a first start runs no initdb.
// Named by version, a template is never opened by a PGlite it was not made by; templates of other
// versions are removed. initdb runs once, for the image; the folder is unpacked from it.
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = join(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '..');
const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
const templatesDir = join(packageRoot, '../../.cache/pglite-template');
const template = join(templatesDir, version);
const image = `${template}.tar`;
const staging = (path) => `${path}.${process.pid}.tmp`;

/** Concurrent first starts may build at once: each writes its own file and the first link wins, so an image once read is never replaced. */
async function buildImage(PGlite) {
  const db = await PGlite.create();
  const tar = await db.dumpDataDir('none');
  await db.close();
  mkdirSync(templatesDir, { recursive: true });
  writeFileSync(staging(image), Buffer.from(await tar.arrayBuffer()));
  try {
    if (!existsSync(image)) linkSync(staging(image), image);
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  } finally {
    rmSync(staging(image), { force: true });
  }
}

/** Each builds into its own folder and the first rename wins. */
async function buildFolder(PGlite) {
  rmSync(staging(template), { recursive: true, force: true });
  mkdirSync(staging(template), { recursive: true });
  const db = await PGlite.create(staging(template), { loadDataDir: new Blob([readFileSync(image)]) });
  await db.close();
  if (existsSync(template)) rmSync(staging(template), { recursive: true, force: true });
  else renameSync(staging(template), template);
}

function removeOtherVersions() {
  for (const name of readdirSync(templatesDir))
    if (name !== version && name !== `${version}.tar` && !name.endsWith('.tmp'))
      rmSync(join(templatesDir, name), { recursive: true, force: true });
}

if (!existsSync(image) || !existsSync(template)) {
  const { PGlite } = await import('@electric-sql/pglite');
  if (!existsSync(image)) await buildImage(PGlite);
  if (!existsSync(template)) await buildFolder(PGlite);
  removeOtherVersions();
}
process.stdout.write(`${template}\n`);
