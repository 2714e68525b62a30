import { spawn } from 'node:child_process';
import { boundToTestProcess, heldOpen, REPO_ROOT, stopWithin, TS_RUNTIME } from '@shipping/testing';

/**
 * Draws every kind of fault once within one minute (tools/chaos/fault-schedule.spec.ts): a stall,
 * a broker restart, a pickup instance killed, Redis stopped, backends ended, USPS answering 503 and 429.
 */
const SEED = '3921147';
const MINUTES = '1';
/** The most it may take: settling ends as soon as every consumer has caught up. */
const SETTLE_SECONDS = 150;
// About 2 minutes; bounded by start-up (up to 90 s a process), load, clients giving up (90 s), settling and checks.
const CAMPAIGN_TIMEOUT_MS = 600_000;

/** `npm run chaos` as it is run by hand; its report is its output. */
async function chaos(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...TS_RUNTIME, 'tools/chaos/chaos.ts', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  boundToTestProcess(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const timer = setTimeout(() => void stopWithin(child, exited), CAMPAIGN_TIMEOUT_MS - 30_000);
  const code = await heldOpen(exited);
  clearTimeout(timer);
  return { code, output };
}

/**
 * A one-minute fault campaign with a fixed seed: two instances of every app under load while
 * faults are injected, then every invariant must hold, each over something it checked.
 */
describe('a one-minute fault campaign', () => {
  it(
    'keeps every invariant through the faults of its seed',
    async () => {
      const { code, output } = await chaos(
        '--seed',
        SEED,
        '--minutes',
        MINUTES,
        '--settle-seconds',
        String(SETTLE_SECONDS),
      );
      process.stdout.write(output);

      const verdicts = output.split('\n').filter((line) => /^(held|BROKEN) +\d+ checked/.test(line));
      expect({ code, verdicts, total: /^total: .*$/m.exec(output)?.[0] }).toEqual({
        code: 0,
        verdicts: verdicts.map((line) => line.replace(/^BROKEN/, 'held  ')),
        total: `total: 11 invariants held (seed ${SEED})`,
      });
      expect(verdicts.filter((line) => / 0 checked/.test(line))).toEqual([]);
      expect(output).toMatch(/^faults injected: .*\d/m);
      const planned = [...output.matchAll(/^ +\d+\.\d s {2}([a-z-]+)[^:\n]* for \d/gm)].map(
        (line) => line[1],
      );
      expect(new Set(planned).size).toBe(6);
    },
    CAMPAIGN_TIMEOUT_MS,
  );
});
