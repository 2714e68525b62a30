import { spawn } from 'node:child_process';
import { stopWithin } from './child-stop';

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
