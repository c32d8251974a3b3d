// The service's notion of "now", injectable so tests of the queue, the ledger and the rate
// limits run on a fake clock instead of sleeping. Every library function of service/ that needs
// the time takes it from a Clock (usually store.clock) or from an explicit `now` argument.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface FakeClock extends Clock {
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void;
  set(to: Date | string | number): void;
}

export function createFakeClock(start: Date | string | number = '2026-01-01T00:00:00.000Z'): FakeClock {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) { t += ms; },
    set(to) { t = new Date(to).getTime(); },
  };
}
