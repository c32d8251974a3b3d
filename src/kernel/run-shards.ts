// One (replica, variant) task over the shards of a population (src/kernel/shards.ts), one kernel
// instance per shard in this thread: every shard simulates day d, then the counters two or more
// shards hold are summed, then day d + 1. The sums are of integers, so the order of shards does
// not matter and the result is the one of a single instance holding everyone.
import { ServiceError } from '../errors.js';
import type { ContactDraws, KernelFamily, KernelInstance } from './instance.js';
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
    classe: plan.classe?.subarray(shard.p0, shard.p1),
    gridCell: plan.gridCell.subarray(shard.p0, shard.p1),
    audience: plan.audience.subarray(shard.p0, shard.p1),
  };
}

/**
 * Sums each shared counter over the shards that hold it. Each shard's copy held the total `prev`
 * after the last exchange and has since moved by its own members only, so
 * total = prev + sum over shards of (copy - prev); the total is written back to the holders among
 * shards [w0, w1) (this thread's).
 */
function exchangeCounters(views: Int32Array[], local: Int32Array[], prev: Int32Array, w0 = 0, w1 = views.length): void {
  for (let j = 0; j < prev.length; j++) {
    const p = prev[j];
    let total = p;
    for (let s = 0; s < views.length; s++) {
      const k = local[s][j];
      if (k >= 0) total += views[s][k] - p;
    }
    for (let s = w0; s < w1; s++) {
      const k = local[s][j];
      if (k >= 0) views[s][k] = total;
    }
    prev[j] = total;
  }
}

/** Copies shards' shared counters (`views`, of shards first, first + 1, ...) to `posted` from `at`, n per shard, indexed by shared counter. */
function postCounters(posted: Int32Array, at: number, n: number, first: number, views: Int32Array[], local: Int32Array[]): void {
  for (let k = 0; k < views.length; k++) {
    const l = local[first + k];
    const o = at + (first + k) * n;
    for (let j = 0; j < n; j++) if (l[j] >= 0) posted[o + j] = views[k][l[j]];
  }
}

/**
 * The shards [first, first + count) of a layout one thread runs when a task's shards are spread over
 * several threads (src/pool/pool.ts). After each day but the last every part publishes its shards'
 * shared counters to `posted` and meets the others at `barrier`; then each part sums all posted
 * copies itself, in shard order, so every part writes the totals a single thread would.
 */
export interface ShardPart {
  first: number;
  count: number;
  /** Parts of the task (threads meeting at the barrier). */
  parts: number;
  /** BARRIER_* words. */
  barrier: Int32Array;
  /** Two day-parity halves, each the shared counters of every shard (postedLength). */
  posted: Int32Array;
}

/** Wall seconds of one thread's share of a task, by phase (added to; a bench's breakdown, docs/experiments/scale-out.md, "2026-11-26: the whole-Brazil task on two threads, phase by phase"). */
export interface ShardPhases {
  /** Population and plan in place (a first run copies them in) and the kernel's reset. */
  reset: number;
  /** The kernel's days. */
  dias: number;
  /** At the daily barrier, waiting for the other parts. */
  espera: number;
  /** Shared counters: posting this part's and summing every shard's. */
  troca: number;
}

const BARRIER_ARRIVED = 0;
const BARRIER_GENERATION = 1;
/** Set by a part that failed, so the others stop waiting for it. */
const BARRIER_FAILED = 2;
export const BARRIER_WORDS = 3;
/** Extra field of the error a part throws because another part failed (the pool reports the other's). */
export const PART_FAILED = 'parte_falhou';

/** Words of a ShardPart's `posted` array: two halves of every shard's shared counters. */
export function postedLength(layout: ShardLayout): number {
  return 2 * layout.shards.length * layout.exchange.reduce((n, x) => n + x.n, 0);
}

function cancelled(): ServiceError {
  return new ServiceError('internal_error', 'simulation cancelled', { extra: { cancelled: true } });
}

/** Waits until every part has arrived (generation barrier); stops when a part failed or the task was cancelled. */
function meet(part: ShardPart, control: Int32Array | undefined): void {
  const b = part.barrier;
  const gen = Atomics.load(b, BARRIER_GENERATION);
  if (Atomics.add(b, BARRIER_ARRIVED, 1) === part.parts - 1) {
    Atomics.store(b, BARRIER_ARRIVED, 0);
    Atomics.add(b, BARRIER_GENERATION, 1);
    Atomics.notify(b, BARRIER_GENERATION);
  } else {
    while (Atomics.load(b, BARRIER_GENERATION) === gen) {
      Atomics.wait(b, BARRIER_GENERATION, gen, 200);
      if (control && Atomics.load(control, CONTROL_CANCEL) !== 0) throw cancelled();
    }
  }
  // failPart also moves the generation on, to wake the waiting parts
  if (Atomics.load(b, BARRIER_FAILED) !== 0) {
    throw new ServiceError('internal_error', 'another thread of this task failed', { extra: { [PART_FAILED]: true } });
  }
}

/** Marks the part's task failed and wakes the parts waiting for it. */
export function failPart(part: ShardPart): void {
  Atomics.store(part.barrier, BARRIER_FAILED, 1);
  Atomics.add(part.barrier, BARRIER_GENERATION, 1);
  Atomics.notify(part.barrier, BARRIER_GENERATION);
}

/** How runShards runs a task, besides its plan, variant and key. */
export interface RunOptions {
  /** Shared control block (CONTROL_*): cancel, days done. */
  control?: Int32Array;
  /** The part of the task this thread runs (instances[k] holds shard part.first + k), in lockstep with the other parts' threads. */
  part?: ShardPart;
  /** Adds each phase's wall seconds to it. */
  phases?: ShardPhases;
  /** A family with media: how each instance draws the media contacts (ContactDraws; by default as the variant suits). */
  contactDraws?: ContactDraws;
}

/** Runs one task of `family`'s kernel over `layout`: all its shards in this thread, or the part's shards (RunOptions.part). */
export function runShards(
  family: KernelFamily,
  instances: readonly KernelInstance[],
  layout: ShardLayout,
  plan: KernelPlan,
  escala: readonly number[],
  key: readonly [number, number],
  { control, part, phases, contactDraws }: RunOptions = {},
): void {
  let t = performance.now();
  /** Adds the wall seconds since the last call to phase `k`. */
  const lap = (k: keyof ShardPhases) => {
    if (!phases) return;
    const now = performance.now();
    phases[k] += (now - t) / 1000;
    t = now;
  };
  const { shards } = layout;
  const first = part?.first ?? 0;
  const count = part?.count ?? shards.length;
  if (instances.length < count) throw new RangeError(`${count} shards need as many kernel instances, got ${instances.length}`);
  const whole = shards.length === 1;
  for (let k = 0; k < count; k++) instances[k].begin(family, shards[first + k].pop, planForShard(plan, shards[first + k], whole), escala, key, contactDraws);
  lap('reset');
  // counter views after every begin (memory growth would detach them); counters start at 0
  const own = (x: { slot: number }) => Array.from({ length: count }, (_, k) => instances[k].counters(x.slot, counterLength(shards[first + k].pop, x.slot)));
  let at = 0;
  const exchange = layout.exchange.map((x) => {
    const views = own(x);
    // with a part: every shard's counters, the others' as their posted copies (indexed by shared counter)
    const all = part ? shards.map((_, s) => (s >= first && s < first + count ? views[s - first] : undefined)) : views;
    const local = part ? x.local.map((l, s) => (all[s] ? l : l.map((k, j) => (k >= 0 ? j : -1)))) : x.local;
    const e = { local, prev: new Int32Array(x.n), views, all, at };
    at += shards.length * x.n;
    return e;
  });
  const half = at;
  for (let d = 1; d <= plan.dias; d++) {
    for (let k = 0; k < count; k++) instances[k].stepDay(family, plan, d);
    lap('dias');
    // after the last day no one reads the counters (the reduction reads per-person state, the next
    // task's reset zeroes them): a part goes on to its reduction without waiting for the others
    if (d < plan.dias) {
      if (!part) {
        for (const x of exchange) exchangeCounters(x.views, x.local, x.prev);
      } else {
        // halves alternate by day: a part a day ahead posts to the half no one reads any more
        const posted = part.posted.subarray((d & 1) * half, (d & 1) * half + half);
        for (const x of exchange) postCounters(posted, x.at, x.prev.length, first, x.views, x.local);
        lap('troca');
        meet(part, control);
        lap('espera');
        for (const x of exchange) {
          const n = x.prev.length;
          const views = x.all.map((v, s) => v ?? posted.subarray(x.at + s * n, x.at + (s + 1) * n));
          exchangeCounters(views, x.local, x.prev, first, first + count);
        }
      }
    }
    lap('troca');
    if (control) {
      if (Atomics.load(control, CONTROL_CANCEL) !== 0) throw cancelled();
      if (first === 0) Atomics.add(control, CONTROL_DAYS, 1);
    }
  }
}
