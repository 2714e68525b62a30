/** Longer than a clean close takes (a second or two), shorter than the 20 s a supervisor waits before SIGKILL. */
export const SHUTDOWN_DEADLINE_MS = 15_000;

export interface ProcessHooks {
  once(signal: NodeJS.Signals, listener: () => void): void;
  exit(code: number): void;
  report(line: string): void;
}

const processHooks: ProcessHooks = {
  once: (signal, listener) => process.once(signal, listener),
  exit: (code) => process.exit(code),
  report: (line) => process.stderr.write(`${line}\n`),
};

/**
 * On the first of `signals`: stops taking work through `close`, then exits 0 (1 if closing
 * failed). A close that hangs (a broker that no longer answers, a connection that never drains)
 * ends in exit 1 after the deadline, so a stop never waits on a supervisor's SIGKILL.
 */
export function stopGracefullyOn(
  signals: readonly NodeJS.Signals[],
  close: () => Promise<unknown>,
  {
    deadlineMs = SHUTDOWN_DEADLINE_MS,
    hooks = processHooks,
  }: { deadlineMs?: number; hooks?: ProcessHooks } = {},
): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      hooks.report(`shutdown did not finish within ${deadlineMs} ms; exiting`);
      hooks.exit(1);
    }, deadlineMs).unref();
    close().then(
      () => hooks.exit(0),
      (error: unknown) => {
        hooks.report(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        hooks.exit(1);
      },
    );
  };
  for (const signal of signals) hooks.once(signal, stop);
}
