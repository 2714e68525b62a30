import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { REPO_ROOT, startRuntime, temporaryDataDir, TS_RUNTIME } from '@shipping/testing';
import { productionEnvironment } from '../production-environment.fixture';

/** A production environment every check accepts, but for the admin key. */
const PRODUCTION = productionEnvironment();

/** The embedded runtime started as a process that is expected to stop at once: its exit code and output. */
function startRefused(env: Record<string, string>) {
  const started = spawnSync(process.execPath, [...TS_RUNTIME, 'apps/embedded/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: temporaryDataDir(), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: started.status, output: started.stdout + started.stderr };
}

describe('ADMIN_API_KEY at the start of a runtime', () => {
  it('stops on a key of the wrong form, naming the variable but not the key', () => {
    const key = `Sup3rSecret ${randomBytes(16).toString('hex')}`;
    const started = startRefused({ ADMIN_API_KEY: key });
    expect(started.status).toBe(1);
    expect(started.output).toContain(
      'Invalid environment variable ADMIN_API_KEY (value not shown: it is a secret): expected 16 to 256 characters',
    );
    expect(started.output).not.toContain('Sup3rSecret');
  });

  it('stops in production mode on a key too short for 128 bits, without printing it', () => {
    const key = randomBytes(12).toString('hex');
    const started = startRefused({ ...PRODUCTION, ADMIN_API_KEY: key });
    expect(started.status).toBe(1);
    expect(started.output).toContain('ADMIN_API_KEY: too short to hold 128 bits of randomness');
    expect(started.output).not.toContain(key);
  });

  it('opens the admin API in production mode with a key as openssl rand -base64 32 prints it', async () => {
    const key = randomBytes(32).toString('base64');
    expect(key).toMatch(/=$/);
    const runtime = await startRuntime({
      env: { ...PRODUCTION, ADMIN_API_KEY: key },
      startTimeoutMs: 180_000,
    });
    try {
      const answer = await fetch(`${runtime.baseUrl}/admin/accounts`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(answer.status).toBe(200);
      expect(runtime.output()).not.toContain(key);
    } finally {
      await runtime.stop();
    }
  }, 240_000);
});
