import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { stopWithin } from './child-stop';
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
