// The service's notion of "now", injectable so tests of the queue, the ledger and the rate
// limits run on a fake clock (test/fixtures/fake-clock.ts) instead of sleeping. Every library
// function of service/ that needs the time takes it from a Clock (usually store.clock) or from an
// explicit `now` argument.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
