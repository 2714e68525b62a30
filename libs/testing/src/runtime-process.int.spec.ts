import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EMBEDDED_ENTRY,
  EMBEDDED_V8_FLAGS,
  embeddedNodeFlags,
  REPO_ROOT,
  runtimeArguments,
  type RuntimeProcess,
  startRuntime,
  TS_RUNTIME,
} from './runtime-process';

const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

/** What `startRuntime` waits for health (60 s) and a little more: a loaded machine starts slowly. */
const START_MS = 75_000;

describe('the embedded runtime started as a process', () => {
  let runtime: RuntimeProcess | undefined;

  afterAll(async () => {
    await runtime?.stop();
  });

  it(
    'runs with the V8 flags npm start and the image set',
    async () => {
      runtime = await startRuntime({ env: { EMBEDDED_NODE_FLAGS: undefined as unknown as string } });
      const args = commandLine(runtime.pid);
      expect(args.slice(1)).toEqual([...EMBEDDED_V8_FLAGS, ...TS_RUNTIME, EMBEDDED_ENTRY]);
      expect(EMBEDDED_V8_FLAGS).toEqual(['--max-old-space-size=1024', '--liftoff-only']);
    },
    START_MS,
  );
});

describe('the embedded runtime node flags', () => {
  it('are EMBEDDED_V8_FLAGS unless EMBEDDED_NODE_FLAGS is set', () => {
    expect(embeddedNodeFlags({})).toEqual(EMBEDDED_V8_FLAGS);
  });

  it('are replaced by EMBEDDED_NODE_FLAGS, and none when it is empty', () => {
    expect(embeddedNodeFlags({ EMBEDDED_NODE_FLAGS: '' })).toEqual([]);
    expect(
      embeddedNodeFlags({ EMBEDDED_NODE_FLAGS: ' --max-old-space-size=1024  --max-semi-space-size=4 ' }),
    ).toEqual(['--max-old-space-size=1024', '--max-semi-space-size=4']);
  });

  it('apply to the embedded entry only', () => {
    expect(runtimeArguments(EMBEDDED_ENTRY, {})).toEqual([
      ...EMBEDDED_V8_FLAGS,
      ...TS_RUNTIME,
      EMBEDDED_ENTRY,
    ]);
    expect(runtimeArguments('apps/gateway/src/main.ts', {})).toEqual([
      ...TS_RUNTIME,
      'apps/gateway/src/main.ts',
    ]);
  });

  it('are those of npm start and of the image', () => {
    const start = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts.start;
    expect(start).toBe(['node', ...EMBEDDED_V8_FLAGS, ...TS_RUNTIME, EMBEDDED_ENTRY].join(' '));
    const dockerfile = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8').split('\n');
    const command = JSON.stringify([...EMBEDDED_V8_FLAGS, EMBEDDED_ENTRY]).replaceAll('","', '", "');
    expect(dockerfile).toContain(`CMD ${command}`);
  });
});
