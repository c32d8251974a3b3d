// The worker's place in the measured fleet (execution/fleet.ts) while it takes tasks of spread
// jobs: it signs in with its task threads, beats every FLEET_BEAT_MS, and leaves when it stops.
import { beatFleet, FLEET_BEAT_MS, leaveFleet } from '../execution/fleet.js';
import type { Clock } from '../store/clock.js';
import type { Store } from '../store/open-store.js';
import { runLoop } from './run-loop.js';

export interface FleetHeartbeatOptions {
  store: Store;
  workerId: string;
  /** The worker's task threads. */
  threads: number;
  clock: Clock;
  signal: AbortSignal;
  onError(err: unknown, loop: string): void;
}

/** Beats until the worker stops, then leaves the fleet. */
export async function runFleetHeartbeat(o: FleetHeartbeatOptions): Promise<void> {
  await runLoop({
    name: 'fleet', intervalMs: FLEET_BEAT_MS, signal: o.signal, onError: o.onError,
    async work() {
      await beatFleet(o.store, o.workerId, o.threads, o.clock.now());
      return 'idle';
    },
  });
  await leaveFleet(o.store, o.workerId).catch((err: unknown) => o.onError(err, 'fleet'));
}
