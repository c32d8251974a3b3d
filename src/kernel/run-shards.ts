// One (replica, variant) task over the shards of a population (src/kernel/shards.ts), one kernel
// instance per shard in this thread: every shard simulates day d, then the counters two or more
// shards hold are summed, then day d + 1. The sums are of integers, so the order of shards does
// not matter and the result is the one of a single instance holding everyone.
import { ServiceError } from '../errors.js';
import type { KernelInstance } from './instance.js';
import { CONTROL_CANCEL, CONTROL_DAYS, type KernelPlan } from './kernel-plan.js';
import { counterLength } from './layout.js';
import type { KernelShard, ShardLayout } from './shards.js';

/** The plan's per-person arrays cut to a shard's persons (views, no copy). */
export function planForShard(plan: KernelPlan, shard: KernelShard, whole: boolean): KernelPlan {
  if (whole) return plan;
  return {
    ...plan,
    id: `${plan.id}@${shard.pop.id}`,
    mult: plan.mult.subarray(shard.p0, shard.p1),
    cell: plan.cell?.subarray(shard.p0, shard.p1),
  };
}

/**
 * Sums each shared counter over the shards that hold it. Each shard's copy held the total `prev`
 * after the last exchange and has since moved by its own members only, so
 * total = prev + sum over shards of (copy - prev); the total is written back to every holder.
 */
function exchangeCounters(views: Int32Array[], local: Int32Array[], prev: Int32Array): void {
  for (let j = 0; j < prev.length; j++) {
    const p = prev[j];
    let total = p;
    for (let s = 0; s < views.length; s++) {
      const k = local[s][j];
      if (k >= 0) total += views[s][k] - p;
    }
    for (let s = 0; s < views.length; s++) {
      const k = local[s][j];
      if (k >= 0) views[s][k] = total;
    }
    prev[j] = total;
  }
}

export function runShards(
  instances: readonly KernelInstance[],
  layout: ShardLayout,
  plan: KernelPlan,
  escala: readonly number[],
  key: readonly [number, number],
  control?: Int32Array,
): void {
  const { shards } = layout;
  if (instances.length < shards.length) throw new RangeError(`${shards.length} shards need as many kernel instances, got ${instances.length}`);
  const whole = shards.length === 1;
  shards.forEach((s, k) => instances[k].begin(s.pop, planForShard(plan, s, whole), escala, key));
  // counter views after every begin (memory growth would detach them); counters start at 0
  const exchange = layout.exchange.map((x) => ({
    local: x.local,
    prev: new Int32Array(x.n),
    views: shards.map((s, k) => instances[k].counters(x.slot, counterLength(s.pop, x.slot))),
  }));
  for (let d = 1; d <= plan.dias; d++) {
    for (let k = 0; k < shards.length; k++) instances[k].stepDay(plan, d);
    for (const x of exchange) exchangeCounters(x.views, x.local, x.prev);
    if (control) {
      if (Atomics.load(control, CONTROL_CANCEL) !== 0) throw new ServiceError('internal_error', 'simulation cancelled', { extra: { cancelled: true } });
      Atomics.add(control, CONTROL_DAYS, 1);
    }
  }
}
