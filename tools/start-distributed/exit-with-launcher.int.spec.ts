import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, processAlive } from '@shipping/testing';

const PRELOAD = join(__dirname, 'exit-with-launcher.js');

describe('an app process whose launcher is killed', () => {
  const folder = mkdtempSync(join(tmpdir(), 'exit-with-launcher-'));
  let appPid = 0;
  let launcherPid = 0;
  afterAll(() => {
    for (const pid of [launcherPid, appPid]) if (pid && processAlive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  it('stops as on SIGTERM once the launcher’s IPC channel closes', async () => {
    const marker = join(folder, 'stopped');
    const started = join(folder, 'started');
    // Stands for an app: once running it writes its pid, notes a SIGTERM and exits, and would
    // otherwise run for ever.
    const app = `const fs = require('fs'); process.on('SIGTERM', () => { fs.writeFileSync(${JSON.stringify(marker)}, 'SIGTERM'); process.exit(0); }); fs.writeFileSync(${JSON.stringify(started)}, String(process.pid)); setInterval(() => {}, 1000);`;
    // Stands for the launcher: forks the app with the preload and an IPC channel.
    const launcher = `require('child_process').spawn(process.execPath, ['-r', ${JSON.stringify(PRELOAD)}, '-e', ${JSON.stringify(app)}], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] }); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', launcher], { stdio: ['ignore', 'ignore', 'inherit'] });
    launcherPid = parent.pid ?? 0;
    appPid = await eventually(
      async () => (existsSync(started) ? Number(readFileSync(started, 'utf8')) || undefined : undefined),
      30_000,
    );
    expect(processAlive(appPid)).toBe(true);

    parent.kill('SIGKILL');

    await eventually(async () => (processAlive(appPid) ? undefined : true), 10_000);
    expect(readFileSync(marker, 'utf8')).toBe('SIGTERM');
  });
});
