'use strict';
const { createHash } = require('node:crypto');
const { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

/** What tsconfig.base.json sets for emit: Nest's injection reads the decorators' design-time metadata. */
const SWC_OPTIONS = {
  swcrc: false,
  configFile: false,
  sourceMaps: 'inline',
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    target: 'es2022',
    keepClassNames: true,
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
  },
  module: { type: 'commonjs' },
};

const CACHE =
  process.env.TS_RUNTIME_CACHE ?? join(__dirname, '..', '..', 'node_modules', '.cache', 'shipping-ts');
const SALT = JSON.stringify([SWC_OPTIONS, require('@swc/core/package.json').version]);

let swc;
const compile = (source, filename) => {
  swc ??= require('@swc/core');
  return swc.transformSync(source, { ...SWC_OPTIONS, filename }).code;
};

/** Written whole, then renamed: a process starting beside this one reads all of it or nothing. */
function store(file, code) {
  try {
    mkdirSync(CACHE, { recursive: true });
    const staging = `${file}.${process.pid}.tmp`;
    writeFileSync(staging, code);
    renameSync(staging, file);
  } catch {
    // A read-only install (an image run as another user) still runs; it compiles at every start.
  }
}

/** The CommonJS of a TypeScript module: from the cache when this source was compiled before. */
function compiledSource(source, filename) {
  const key = createHash('sha256')
    .update(SALT)
    .update('\0')
    .update(filename)
    .update('\0')
    .update(source)
    .digest('hex');
  const file = join(CACHE, `${key}.js`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    const code = compile(source, filename);
    store(file, code);
    return code;
  }
}

/** Fills the cache for every .ts file under `folders` (specs left out), as an image build does. */
function precompile(folders) {
  let count = 0;
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') visit(path);
      else if (entry.isFile() && entry.name.endsWith('.ts') && !/\.(spec|d)\.ts$/.test(entry.name)) {
        compiledSource(readFileSync(path, 'utf8'), path);
        count++;
      }
    }
  };
  for (const folder of folders) visit(folder);
  return count;
}

module.exports = { compiledSource, precompile };
