import type * as Swc from '@swc/core';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const RELATIVE_REQUIRE = /require\("(\.{1,2}\/[^"]+)"\)/g;

/** Relative module specifiers in TypeScript source: `from './x'`, `import './x'`, `import('./x')`. */
const RELATIVE_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;

const SWC_OPTIONS: Swc.Options = {
  swcrc: false,
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  module: { type: 'commonjs' },
};

interface CompiledModule {
  /** Path relative to the graph's root folder, with a .js extension. */
  path: string;
  code: string;
}

/**
 * Every TypeScript file the entry reaches through relative imports, type-only ones included, with
 * its source: read as text, so naming the compiled copy needs no compiler.
 */
export function sourceGraph(entry: string): Map<string, string> {
  const sources = new Map<string, string>();
  const visit = (file: string) => {
    if (sources.has(file)) return;
    const source = readFileSync(file, 'utf8');
    sources.set(file, source);
    for (const [, , specifier] of source.matchAll(RELATIVE_SPECIFIER)) {
      const target = resolve(dirname(file), specifier);
      const candidates = [`${target}.ts`, join(target, 'index.ts'), target];
      const found = candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
      if (found) visit(found);
    }
  };
  visit(entry);
  return sources;
}

/** Names the compiled copy: the compiler's version and options, and every source's path and text. */
export function sourceHash(entry: string, root: string): string {
  const swcVersion = JSON.parse(readFileSync(require.resolve('@swc/core/package.json'), 'utf8')).version;
  const hash = createHash('sha256')
    .update(JSON.stringify([swcVersion, SWC_OPTIONS]))
    .update('\0');
  const sources = [...sourceGraph(entry)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [file, source] of sources)
    hash.update(relative(root, file)).update('\0').update(source).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Every TypeScript module the entry reaches through relative imports at run time, compiled to CommonJS. */
function compileGraph(entry: string, root: string): CompiledModule[] {
  // Only when no compiled copy of these sources exists yet: swc's native binding is large.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { transformFileSync } = require('@swc/core') as typeof Swc;
  const compiled = new Map<string, CompiledModule>();
  const visit = (file: string) => {
    if (compiled.has(file)) return;
    const { code } = transformFileSync(file, SWC_OPTIONS);
    compiled.set(file, { path: relative(root, file).replace(/\.ts$/, '.js'), code });
    for (const [, specifier] of code.matchAll(RELATIVE_REQUIRE))
      visit(resolve(dirname(file), `${specifier}.ts`));
  };
  visit(entry);
  return [...compiled.values()];
}

/** The folder compiled workers are kept in: beside the packages they import, so those resolve. */
export const compiledWorkerCache = (): string =>
  join(dirname(dirname(require.resolve('pdf-lib/package.json'))), '.cache', 'shipping-label-worker');

/**
 * The worker as plain JavaScript: a thread that loads the TypeScript hook costs about 55 MB more
 * than one that loads compiled code, and the pool keeps one thread per core for the process's
 * life. Kept under node_modules/.cache in a folder named by the hash of the sources (so package
 * imports resolve from there): a start whose sources were compiled before finds that folder
 * without loading swc. A folder is written whole and renamed into place, so concurrent starts
 * never see half.
 */
export function compiledWorkerFile(entry: string, root = resolve(dirname(entry), '..')): string {
  const target = join(compiledWorkerCache(), sourceHash(entry, root));
  const entryFile = join(target, relative(root, entry).replace(/\.ts$/, '.js'));
  if (existsSync(entryFile)) return entryFile;
  const staging = `${target}.staging-${process.pid}-${Date.now()}`;
  for (const module of compileGraph(entry, root)) {
    const file = join(staging, module.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, module.code);
  }
  try {
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(entryFile)) throw error;
  }
  return entryFile;
}
