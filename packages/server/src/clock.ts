/**
 * Where the server reads the time for rules that depend on it (reset links that expire, the daily
 * digest). Tests pass a clock they move instead of sleeping; everything else uses the system's.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: `advance(ms)` or `set(date)`. For tests. */
export function movableClock(start: Date = new Date()): Clock & { advance(ms: number): void; set(at: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}
