import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eventually } from '@shipping/testing';

const PRELOAD = join(__dirname, 'exit-with-launcher.js');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('an app process whose launcher is killed', () => {
  const folder = mkdtempSync(join(tmpdir(), 'exit-with-launcher-'));
  let appPid = 0;
  afterAll(() => {
    if (appPid && alive(appPid)) process.kill(appPid, 'SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  it('stops as on SIGTERM once the launcher’s IPC channel closes', async () => {
    const marker = join(folder, 'stopped');
    // Stands for an app: it notes a SIGTERM and exits, and would otherwise run for ever.
    const app = `process.on('SIGTERM', () => { require('fs').writeFileSync(${JSON.stringify(marker)}, 'SIGTERM'); process.exit(0); }); setInterval(() => {}, 1000);`;
    // Stands for the launcher: forks the app with the preload and an IPC channel, prints its pid.
    const launcher = `const child = require('child_process').spawn(process.execPath, ['-r', ${JSON.stringify(PRELOAD)}, '-e', ${JSON.stringify(app)}], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] }); console.log(child.pid); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', launcher], { stdio: ['ignore', 'pipe', 'inherit'] });
    appPid = Number(
      await new Promise<string>((done) => createInterface({ input: parent.stdout }).once('line', done)),
    );
    expect(alive(appPid)).toBe(true);

    parent.kill('SIGKILL');

    await eventually(async () => (alive(appPid) ? undefined : true), 10_000);
    expect(readFileSync(marker, 'utf8')).toBe('SIGTERM');
  });
});
