import { setTimeout as pause } from 'node:timers/promises';
import type { GuardClock } from '../carrier/guard/guard-clock';

/**
 * A clock that moves only when something waits on it: a sleep moves it to the sleeper's wake time
 * (never back) after a real millisecond, so waits of minutes take no real time and specs read
 * exact instants. Several sleepers move it to the latest of their wake times.
 */
export class SteppingClock implements GuardClock {
  constructor(private current = Date.parse('2026-11-28T12:00:00Z')) {}

  now = (): number => this.current;

  sleep = async (ms: number): Promise<void> => {
    const wakeAt = this.current + Math.max(0, ms);
    await pause(1);
    this.current = Math.max(this.current, wakeAt);
  };
}
