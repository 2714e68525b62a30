import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, TS_RUNTIME } from './runtime-process';

const run = promisify(execFile);

/** What tools/ts-runtime must get right for Nest: decorators with their design-time types. */
const SOURCE = `
import '${require.resolve('reflect-metadata')}';
const Injectable = (): ClassDecorator => () => undefined;
class Clock { now(): number { return 1; } }
@Injectable()
class Service {
  constructor(readonly clock: Clock) {}
}
const types: unknown[] = Reflect.getMetadata('design:paramtypes', Service) ?? [];
const swcLoaded = Object.keys(require.cache).some((path) => path.includes('@swc/core') && !path.endsWith('package.json'));
console.log(JSON.stringify({ paramTypes: types.map((type) => (type as { name: string }).name), className: Service.name, swcLoaded }));
`;

describe('tools/ts-runtime', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ts-runtime-'));
  const cache = join(folder, 'cache');
  const entry = join(folder, 'entry.ts');
  writeFileSync(entry, SOURCE);
  const start = async () => {
    const { stdout } = await run(process.execPath, [...TS_RUNTIME, entry], {
      cwd: REPO_ROOT,
      env: { ...process.env, TS_RUNTIME_CACHE: cache },
    });
    return JSON.parse(stdout) as { paramTypes: string[]; className: string; swcLoaded: boolean };
  };

  it('compiles legacy decorators with the constructor types Nest injects by, and keeps class names', async () => {
    const first = await start();
    expect(first).toEqual({ paramTypes: ['Clock'], className: 'Service', swcLoaded: true });
  });

  it('runs a module it compiled before from its cache, without loading swc', async () => {
    await start();
    const cached = readdirSync(cache).filter((name) => name.endsWith('.js'));
    expect(cached.length).toBeGreaterThan(0);
    expect(await start()).toEqual({ paramTypes: ['Clock'], className: 'Service', swcLoaded: false });
  });

  it('compiles a module again once its source changed', async () => {
    await start();
    writeFileSync(entry, SOURCE.replace('now(): number { return 1; }', 'now(): number { return 2; }'));
    const before = readdirSync(cache).length;
    await start();
    expect(readdirSync(cache).length).toBe(before + 1);
  });
});
