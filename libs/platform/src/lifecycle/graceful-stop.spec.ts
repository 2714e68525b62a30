import { type ProcessHooks, stopGracefullyOn } from './graceful-stop';

function fakeProcess() {
  const listeners = new Map<NodeJS.Signals, () => void>();
  const exits: number[] = [];
  const reports: string[] = [];
  let exited: (code: number) => void = () => undefined;
  const firstExit = new Promise<number>((done) => (exited = done));
  const hooks: ProcessHooks = {
    once: (signal, listener) => listeners.set(signal, listener),
    exit: (code) => {
      exits.push(code);
      exited(code);
    },
    report: (line) => reports.push(line),
  };
  return { hooks, send: (signal: NodeJS.Signals) => listeners.get(signal)?.(), exits, reports, firstExit };
}

describe('stopGracefullyOn', () => {
  it('exits 0 once closing finished', async () => {
    const fake = fakeProcess();
    const close = jest.fn().mockResolvedValue(undefined);
    stopGracefullyOn(['SIGTERM', 'SIGINT'], close, { hooks: fake.hooks });
    fake.send('SIGTERM');
    expect(await fake.firstExit).toBe(0);
    expect(close).toHaveBeenCalledTimes(1);
    expect(fake.reports).toEqual([]);
  });

  it('exits 1 and says why when closing failed', async () => {
    const fake = fakeProcess();
    stopGracefullyOn(['SIGTERM'], () => Promise.reject(new Error('broker gone')), { hooks: fake.hooks });
    fake.send('SIGTERM');
    expect(await fake.firstExit).toBe(1);
    expect(fake.reports).toEqual(['shutdown failed: broker gone']);
  });

  it('exits 1 at the deadline when closing hangs', async () => {
    const fake = fakeProcess();
    stopGracefullyOn(['SIGTERM'], () => new Promise(() => undefined), { deadlineMs: 50, hooks: fake.hooks });
    fake.send('SIGTERM');
    expect(await fake.firstExit).toBe(1);
    expect(fake.reports).toEqual(['shutdown did not finish within 50 ms; exiting']);
  });

  it('closes once when a second signal follows the first', async () => {
    const fake = fakeProcess();
    const close = jest.fn().mockResolvedValue(undefined);
    stopGracefullyOn(['SIGTERM', 'SIGINT'], close, { hooks: fake.hooks });
    fake.send('SIGTERM');
    fake.send('SIGINT');
    await fake.firstExit;
    expect(close).toHaveBeenCalledTimes(1);
  });
});
