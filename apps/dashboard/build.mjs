#!/usr/bin/env node
// Builds the dashboard into dist/dashboard/<hash of its inputs>/ unless that build exists, and
// prints the folder. The gateway runs it at start, so `npm start` and the tests always serve a
// build of the sources as they are; a build of unchanged sources costs nothing.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(root, '../..');
const buildsDir = join(repoRoot, 'dist/dashboard');
const KEPT_BUILDS = 3;

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

function inputsHash() {
  const hash = createHash('sha256');
  const inputs = [
    join(root, 'build.mjs'),
    join(root, 'index.html'),
    join(repoRoot, 'libs/reference-data/data/carriers.json'),
    ...filesUnder(join(root, 'src/web')).sort(),
    // The typed API client the pages call through is bundled with them.
    ...filesUnder(join(repoRoot, 'libs/client/src'))
      .filter((file) => !file.endsWith('.spec.ts'))
      .sort(),
  ];
  for (const file of inputs)
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  for (const pkg of ['vite', 'lit-html', 'openapi-fetch'])
    hash.update(readFileSync(join(repoRoot, 'node_modules', pkg, 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/** Concurrent starts may build at once: each builds into its own folder and the first rename wins. */
async function build(target) {
  const { build: viteBuild } = await import('vite');
  const staging = `${target}.${process.pid}.tmp`;
  await viteBuild({
    root,
    base: '/dashboard/',
    configFile: false,
    logLevel: 'warn',
    build: { outDir: staging, emptyOutDir: true, assetsDir: 'assets', sourcemap: false },
  });
  try {
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(target, 'index.html'))) throw error;
  }
}

function pruneOldBuilds(current) {
  const others = readdirSync(buildsDir)
    .filter((name) => name !== current)
    .map((name) => ({ name, mtime: statSync(join(buildsDir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  const finished = others.filter((build) => !build.name.endsWith('.tmp'));
  const abandoned = others.filter(
    (build) => build.name.endsWith('.tmp') && Date.now() - build.mtime > 10 * 60_000,
  );
  for (const old of [...finished.slice(KEPT_BUILDS - 1), ...abandoned]) {
    rmSync(join(buildsDir, old.name), { recursive: true, force: true });
  }
}

const name = inputsHash();
const target = join(buildsDir, name);
if (!existsSync(join(target, 'index.html'))) {
  await build(target);
  pruneOldBuilds(name);
}
process.stdout.write(`${target}\n`);
