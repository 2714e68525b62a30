import { transformFileSync } from '@swc/core';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const RELATIVE_REQUIRE = /require\("(\.{1,2}\/[^"]+)"\)/g;

interface CompiledModule {
  /** Path relative to the graph's root folder, with a .js extension. */
  path: string;
  code: string;
}

/** Every TypeScript module the entry reaches through relative imports, compiled to CommonJS. */
function compileGraph(entry: string, root: string): CompiledModule[] {
  const compiled = new Map<string, CompiledModule>();
  const visit = (file: string) => {
    if (compiled.has(file)) return;
    const { code } = transformFileSync(file, {
      swcrc: false,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    compiled.set(file, { path: relative(root, file).replace(/\.ts$/, '.js'), code });
    for (const [, specifier] of code.matchAll(RELATIVE_REQUIRE))
      visit(resolve(dirname(file), `${specifier}.ts`));
  };
  visit(entry);
  return [...compiled.values()];
}

/**
 * The worker as plain JavaScript: a thread that loads the TypeScript hook costs about 55 MB more
 * than one that loads compiled code, and the pool keeps one thread per core for the process's
 * life. Compiled once per content hash under node_modules/.cache (so package imports resolve from
 * there); a folder is written whole and renamed into place, so concurrent starts never see half.
 */
export function compiledWorkerFile(entry: string, root = resolve(dirname(entry), '..')): string {
  const modules = compileGraph(entry, root);
  const hash = createHash('sha256');
  for (const module of modules) hash.update(module.path).update('\0').update(module.code).update('\0');
  const cache = join(
    dirname(dirname(require.resolve('pdf-lib/package.json'))),
    '.cache',
    'shipping-label-worker',
  );
  const target = join(cache, hash.digest('hex').slice(0, 16));
  const entryFile = join(target, relative(root, entry).replace(/\.ts$/, '.js'));
  if (existsSync(entryFile)) return entryFile;
  const staging = `${target}.staging-${process.pid}-${Date.now()}`;
  for (const module of modules) {
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
