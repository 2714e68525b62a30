import { REPO_ROOT, startRuntime, temporaryDataDir, TS_RUNTIME } from '@shipping/testing';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Runs an entry to its end on `dataDir`; its exit code and everything it printed. */
function runToEnd(entry: string, dataDir: string, args: string[] = []) {
  const { DATABASE_URL: _postgres, STORE: _store, ...env } = process.env;
  const child = spawn(process.execPath, [...TS_RUNTIME, entry, ...args], {
    cwd: REPO_ROOT,
    env: { ...env, LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((done) =>
    child.once('exit', (code) => done({ code, output })),
  );
}

describe('one process per PGlite data folder', () => {
  it('refuses a second runtime and the replay tool while the runtime runs, naming its pid, and lets a new start take over from a killed one', async () => {
    const dataDir = temporaryDataDir();
    const first = await startRuntime({ dataDir });
    try {
      expect(JSON.parse(readFileSync(join(dataDir, 'pglite.lock'), 'utf8'))).toMatchObject({
        pid: first.pid,
      });

      const second = await runToEnd('apps/embedded/src/main.ts', dataDir);
      expect(second.code).toBe(1);
      expect(second.output).toContain(`DATA_DIR ${dataDir} is in use by process ${first.pid}`);

      const replay = await runToEnd('tools/replay/replay.ts', dataDir, ['history', 'batch', 'b1']);
      expect(replay.code).not.toBe(0);
      expect(replay.output).toContain(`is in use by process ${first.pid}`);
    } finally {
      await first.kill();
    }

    const restarted = await startRuntime({ dataDir });
    expect(JSON.parse(readFileSync(join(dataDir, 'pglite.lock'), 'utf8'))).toMatchObject({
      pid: restarted.pid,
    });
    expect(await restarted.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 180_000);
});
