// The timing rule of the roofline's measures (bench/lib/memory-bandwidth.ts, bench/lib/compute-roof.ts):
// the least time of several runs, the machine's best, on a VM whose other tenants only slow it.

/** Least seconds of `repeats` runs after one untimed run (compiled and warm). */
export function bestSeconds(repeats: number, run: () => void): number {
  let t = Infinity;
  run();
  for (let k = 0; k < repeats; k++) {
    const t0 = performance.now();
    run();
    t = Math.min(t, (performance.now() - t0) / 1000);
  }
  return t;
}
