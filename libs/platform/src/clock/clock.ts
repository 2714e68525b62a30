/** Where commands and process managers take the time they record; specs fix it. */
export interface Clock {
  now(): Date;
}

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

/** The Clock every app injects (ClockModule provides the system's). */
export const CLOCK = Symbol('CLOCK');
