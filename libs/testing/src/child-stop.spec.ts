import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { boundToTestProcess, stopWithin } from './child-stop';
import { TS_RUNTIME } from './runtime-process';

function child(script: string) {
  const started = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((done) => started.once('exit', () => done()));
  const ready = new Promise<void>((done) => started.stdout.once('data', () => done()));
  return { started, exited, ready };
}

describe('stopWithin', () => {
  it('lets a process that stops on SIGTERM exit on its own', async () => {
    const { started, exited, ready } = child(
      "process.on('SIGTERM', () => process.exit(0)); console.log('up'); setInterval(() => {}, 1000)",
    );
    await ready;
    expect(await stopWithin(started, exited, 10_000)).toBe(true);
    expect(started.exitCode).toBe(0);
  });

  it('kills a process that ignores SIGTERM once the grace is over', async () => {
    const { started, exited, ready } = child(
      "process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000)",
    );
    await ready;
    expect(await stopWithin(started, exited, 300)).toBe(false);
    expect(started.signalCode).toBe('SIGKILL');
  });
});

describe('heldOpen', () => {
  const script = join(__dirname, 'fixtures', 'awaits-a-bound-child.ts');
  const run = (...args: string[]) =>
    execFileSync(process.execPath, [...TS_RUNTIME, script, ...args], {
      cwd: join(__dirname, '../../..'),
    }).toString();

  it("keeps a script outside Jest running until a bound child's output arrives", () => {
    expect(run()).toBe('got: late line\n');
  });

  it('is needed: without it the script ends at once, printing nothing, with exit code 0', () => {
    expect(run('bare')).toBe('');
  });
});

describe('boundToTestProcess', () => {
  /** Alive and not a zombie left for a parent that does not reap (/proc on Linux). */
  const isRunning = (pid: number) => {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
    return stat.split(') ')[1]?.[0] !== 'Z';
  };

  it('holds one exit listener for a dozen bound children, and none once they have exited', async () => {
    const before = process.listenerCount('exit');
    const children = Array.from({ length: 12 }, () =>
      child("console.log('up'); setInterval(() => {}, 1000)"),
    );
    try {
      await Promise.all(children.map(({ ready }) => ready));
      for (const { started } of children) boundToTestProcess(started);
      expect(process.listenerCount('exit')).toBe(before + 1);
    } finally {
      for (const { started } of children) started.kill('SIGKILL');
      await Promise.all(children.map(({ exited }) => exited));
    }
    expect(process.listenerCount('exit')).toBe(before);
  });

  it('kills the bound children when the process that bound them exits', async () => {
    const script = join(__dirname, 'fixtures', 'exits-with-bound-children.ts');
    const pids = execFileSync(process.execPath, [...TS_RUNTIME, script], { cwd: join(__dirname, '../../..') })
      .toString()
      .trim()
      .split(' ')
      .map(Number);
    expect(pids).toHaveLength(2);
    for (let attempt = 0; attempt < 50 && pids.some(isRunning); attempt += 1)
      await new Promise((done) => setTimeout(done, 100));
    expect(pids.filter(isRunning)).toEqual([]);
  });
});
