import { setTimeout as sleep } from 'node:timers/promises';

/** The time the guard reads and waits on; specs inject one that moves only when something waits. */
export interface GuardClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemGuardClock: GuardClock = {
  now: () => Date.now(),
  sleep: (ms) => (ms > 0 ? sleep(ms, undefined, { ref: false }) : Promise.resolve()),
};
