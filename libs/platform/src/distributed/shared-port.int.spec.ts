import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eventually, freePort, portAnswers, REPO_ROOT, TS_RUNTIME } from '@shipping/testing';
import { Readiness } from '../observability/readiness';
import { waitForTurnToListen } from './shared-port';

describe('a gateway in a process of its own', () => {
  it('listens at once, whatever its readiness', async () => {
    const neverReady = new Readiness([
      { name: 'never', check: () => Promise.reject(new Error('not ready')) },
    ]);
    await expect(waitForTurnToListen(neverReady)).resolves.toBeUndefined();
  });
});

describe('a gateway sharing its port as a cluster worker', () => {
  const folder = mkdtempSync(join(tmpdir(), 'shared-port-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('says which checks hold it back, is ready only once its readiness checks pass, and listens only once its primary lets it', async () => {
    const port = await freePort();
    const readyFile = join(folder, 'ready');
    const primary = spawn(process.execPath, [...TS_RUNTIME, join(__dirname, 'shared-port.fixture.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: String(port), READY_FILE: readyFile },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const said: string[] = [];
    createInterface({ input: primary.stdout }).on('line', (line) => said.push(line));
    const exited = new Promise((done) => primary.once('exit', done));
    const until = (line: string) => eventually(async () => (said.includes(line) ? true : undefined), 30_000);
    try {
      await until('checked');
      await until('still waiting: file not answering (not there yet)');
      expect(said.filter((line) => !line.startsWith('still waiting'))).toEqual(['checked']);
      expect(await portAnswers(port)).toBe(false);

      writeFileSync(readyFile, '');
      await until('ready');
      expect(await portAnswers(port)).toBe(false);

      primary.stdin.write('listen\n');
      await until('listening');
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('served');
    } finally {
      primary.stdin.end();
      await exited;
    }
  });
});
