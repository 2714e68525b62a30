import type { ChildProcess } from 'node:child_process';

/** Past the apps' own 15 s shutdown deadline: a process still running then is stuck, not slow. */
export const STOP_GRACE_MS = 20_000;

/**
 * SIGTERM, and SIGKILL if the process has not exited within the grace: a stuck shutdown fails
 * the spec that checks it instead of hanging the run. Resolves with whether it exited on its own.
 */
export async function stopWithin(
  child: ChildProcess,
  exited: Promise<unknown>,
  graceMs = STOP_GRACE_MS,
): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<false>((done) => (timer = setTimeout(() => done(false), graceMs)));
  const onItsOwn = await Promise.race([exited.then(() => true), gaveUp]);
  clearTimeout(timer);
  if (!onItsOwn) {
    child.kill('SIGKILL');
    await heldOpen(exited);
  }
  return onItsOwn;
}

/**
 * Keeps the event loop alive until `waited` settles. A child bound to the test process keeps
 * nothing alive, so a script outside Jest (a benchmark) that awaits only a child's output or exit
 * would otherwise end there, with exit code 0 and nothing printed.
 */
export async function heldOpen<T>(waited: Promise<T>): Promise<T> {
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    return await waited;
  } finally {
    clearInterval(keepAlive);
  }
}

/** The bound children still running; one `exit` listener of the test process kills them all. */
const boundChildren = new Set<ChildProcess>();
const killBoundChildren = () => {
  for (const child of boundChildren) child.kill('SIGKILL');
};

/**
 * A child a spec forgot (or failed) to stop must neither keep Jest waiting nor outlive it: it is
 * killed when the test process exits, and neither it nor its pipes keep the event loop alive.
 * The test process holds one `exit` listener however many children are bound (a distributed
 * runtime binds a dozen at once, past Node's warning at eleven listeners).
 */
export function boundToTestProcess(child: ChildProcess): void {
  const running = child.exitCode === null && child.signalCode === null;
  if (running) bindToExit(child);
  child.unref();
  for (const stream of [child.stdout, child.stderr, child.stdin])
    (stream as unknown as { unref?: () => void } | null)?.unref?.();
}

function bindToExit(child: ChildProcess): void {
  if (boundChildren.size === 0) process.on('exit', killBoundChildren);
  boundChildren.add(child);
  child.once('exit', () => {
    boundChildren.delete(child);
    if (boundChildren.size === 0) process.off('exit', killBoundChildren);
  });
}
