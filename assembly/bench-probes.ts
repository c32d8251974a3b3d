// The compute roof of the kernel bench's roofline (bench/lib/compute-roof.ts; docs/experiments/kernel-speed.md,
// "2026-11-27: the compute roof"): loops of the kernels' unavoidable operations at their best throughput, built from
// the kernels' own inline primitives (assembly/rng.ts, assembly/gather.ts), so that they cost what
// the kernels' copies cost. Bench only: the entry of its own build (`npm run asbuild:bench`,
// build/bench-probes.wasm, with the release build's options), never in build/kernel.wasm, which
// the package ships. Each loop returns a checksum of every result (nothing can be optimised away)
// and its iterations do not depend on one another (a throughput, not a latency: the chains of
// different iterations overlap).
import { gather4From } from './gather';
import { expDraw, expDraw2, setAgentBase, uniform } from './rng';

export { heapBase } from './header';

@inline function fold(s: u64): u32 {
  return <u32>s ^ <u32>(s >> 32);
}

/** n uniforms (agents 0..n - 1 of one stream and day): the xor of their bits. */
export function roofUniforms(keyLo: u32, keyHi: u32, n: u32): u32 {
  const key = (<u64>keyHi << 32) | <u64>keyLo;
  setAgentBase(0);
  let s: u64 = 0;
  for (let i: u32 = 0; i < n; i++) s ^= reinterpret<u64>(uniform(key, 0, 0, i));
  return fold(s);
}

/** n Exp(1) draws one at a time (expDraw: a hash and a logarithm): the xor of their bits. */
export function roofExpDraws(keyLo: u32, keyHi: u32, n: u32): u32 {
  const key = (<u64>keyHi << 32) | <u64>keyLo;
  setAgentBase(0);
  let s: u32 = 0;
  for (let i: u32 = 0; i < n; i++) s ^= reinterpret<u32>(expDraw(key, 0, 0, i));
  return s;
}

/** n Exp(1) draws two at a time (expDraw2, the reset's and the media contacts' form; n even): the xor of their bits. */
export function roofExpDrawPairs(keyLo: u32, keyHi: u32, n: u32): u32 {
  const key = (<u64>keyHi << 32) | <u64>keyLo;
  setAgentBase(0);
  let s = i64x2.splat(0);
  for (let i: u32 = 0; i + 2 <= n; i += 2) s = v128.xor(s, expDraw2(key, 0, 0, 0, 0, i, i + 1));
  return fold(<u64>i64x2.extract_lane(s, 0) ^ <u64>i64x2.extract_lane(s, 1));
}

/**
 * The end of a hazard step of 4 persons at `at` (roofHazardReception, roofHazardAdoption): rem
 * falls by lambda in the lanes on; returns how many of those reached 0 (the kernels mark them).
 */
@inline function settleRoof(at: usize, lambda: v128, on: v128): u32 {
  const r = f32x4.sub(v128.load(at), v128.and(lambda, on));
  v128.store(at, r);
  return popcnt(i32x4.bitmask(v128.and(on, f32x4.le(r, f32x4.splat(0)))));
}

/**
 * `reps` passes of reception's social hazard over persons [0, n) (n a multiple of 4), 4 persons
 * per f32x4: a lane is on while its day (sday) is 0; s = base + tG[group] + tD[dcell] (base: the
 * tract's share of a run of households without spreaders), lambda = ex * s * m, rem -= lambda in
 * the lanes on; the persons whose rem reached 0 are counted (the kernel marks them: rare, not
 * here). Returns that count.
 */
export function roofHazardReception(
  n: u32, reps: u32, day: usize, group: usize, dcell: usize, mult: usize, rem: usize, tG: usize, tD: usize, base: f32, ex: f32,
): u32 {
  const vBase = f32x4.splat(base);
  const vEx = f32x4.splat(ex);
  let crossed: u32 = 0;
  for (let k: u32 = 0; k < reps; k++) {
    for (let i: u32 = 0; i < n; i += 4) {
      const on = i32x4.eq(i32x4.extend_low_i16x8_u(v128.load64_zero(day + (<usize>i << 1))), i32x4.splat(0));
      const s = f32x4.add(f32x4.add(vBase, gather4From<u32>(tG, group + (<usize>i << 2))), gather4From<u16>(tD, dcell + (<usize>i << 1)));
      const lambda = f32x4.mul(f32x4.mul(vEx, s), v128.load(mult + (<usize>i << 2)));
      crossed += settleRoof(rem + (<usize>i << 2), lambda, on);
    }
  }
  return crossed;
}

/**
 * `reps` passes of adoption's hazard over persons [0, n) (n a multiple of 4), 4 persons per
 * f32x4: a lane is on while its day (aday) is 0; each person's household {base, damping} read
 * from hBase (8 bytes per household) by its household (personHh), s = base + tG[group] +
 * tD[dcell], lambda = m * (e0 + ex * s) * damping, rem -= lambda in the lanes on; the persons
 * whose rem reached 0 are counted (the kernel lists them: not here). Returns that count.
 */
export function roofHazardAdoption(
  n: u32, reps: u32, day: usize, personHh: usize, hBase: usize, group: usize, dcell: usize, mult: usize, rem: usize,
  tG: usize, tD: usize, e0: f32, ex: f32,
): u32 {
  const vE0 = f32x4.splat(e0);
  const vEx = f32x4.splat(ex);
  let crossed: u32 = 0;
  for (let k: u32 = 0; k < reps; k++) {
    for (let i: u32 = 0; i < n; i += 4) {
      const on = i32x4.eq(i32x4.extend_low_i16x8_u(v128.load64_zero(day + (<usize>i << 1))), i32x4.splat(0));
      const hh = personHh + (<usize>i << 2);
      const bd01 = v128.load64_lane(hBase + (<usize>load<u32>(hh, 4) << 3), v128.load64_zero(hBase + (<usize>load<u32>(hh) << 3)), 1);
      const bd23 = v128.load64_lane(hBase + (<usize>load<u32>(hh, 12) << 3), v128.load64_zero(hBase + (<usize>load<u32>(hh, 8) << 3)), 1);
      const s = f32x4.add(
        f32x4.add(v128.shuffle<i32>(bd01, bd23, 0, 2, 4, 6), gather4From<u32>(tG, group + (<usize>i << 2))),
        gather4From<u16>(tD, dcell + (<usize>i << 1)),
      );
      const lambda = f32x4.mul(f32x4.mul(v128.load(mult + (<usize>i << 2)), f32x4.add(vE0, f32x4.mul(vEx, s))), v128.shuffle<i32>(bd01, bd23, 1, 3, 5, 7));
      crossed += settleRoof(rem + (<usize>i << 2), lambda, on);
    }
  }
  return crossed;
}
