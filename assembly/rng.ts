// Counter-based random numbers (DESIGN 4): u = H(key, stream, day, agent), stateless, so every
// thread, variant and shard draws the same number for the same decision.
// H packs the counter c = stream << 48 | day << 32 | agent (16 + 16 + 32 bits, unique per
// decision) and applies the SplitMix64 finalizer (Stafford's mix13) twice, injecting the key
// (hash of grupo_comparacao and replica) before each round: h = mix(mix(c ^ k) ^ rotl(k, 32)).
// mix is a bijection of 64 bits with full avalanche, so for a fixed key distinct counters give
// distinct outputs. Quality is checked by test/kernel/rng.test.ts (chi-square, serial correlation).

import { logf_lut } from 'util/math';

@inline function mix64(z: u64): u64 {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
  return z ^ (z >> 31);
}

// Global index of this instance's first person: a shard (src/kernel/shards.ts) numbers its persons
// from 0, but every draw must use the person's index in the whole population so that results do
// not depend on the shard layout. Set by resetAdoption / resetReception, 0 for fillUniforms.
let agentBase: u32 = 0;

@inline export function setAgentBase(base: u32): void {
  agentBase = base;
}

/**
 * The draw counter's hash with its high word given whole, high = stream << 16 | day (day < 2^16):
 * reception's contacts keep channel << 16 | day, so the media stream's word is one add away.
 */
@inline export function hashHigh(key: u64, high: u32, agent: u32): u64 {
  const c: u64 = (<u64>high << 32) | <u64>(agent + agentBase);
  return mix64(mix64(c ^ key) ^ rotl<u64>(key, 32));
}

@inline export function hash(key: u64, stream: u32, day: u32, agent: u32): u64 {
  return hashHigh(key, (stream << 16) | (day & 0xFFFF), agent);
}

/** The uniform in (0, 1) with 53 bits of the hash h. */
@inline function uniformOf(h: u64): f64 {
  // the 53-bit value converts as signed (same value, < 2^63): an unsigned u64 -> f64
  // conversion costs a sign test and a fix-up path on x64
  return (<f64><i64>(h >> 11) + 0.5) * 1.1102230246251565e-16;
}

/** Uniform in (0, 1) with 53 bits. */
@inline export function uniform(key: u64, stream: u32, day: u32, agent: u32): f64 {
  return uniformOf(hash(key, stream, day, agent));
}

/** uniform with the counter's high word (hashHigh). */
@inline export function uniformHigh(key: u64, high: u32, agent: u32): f64 {
  return uniformOf(hashHigh(key, high, agent));
}

/**
 * Exp(1) draw: the threshold a cumulative hazard must cross (see assembly/adoption.ts). Computed
 * in f32 (the thresholds are stored as f32); u is kept below 1 so the draw is never 0.
 */
@inline export function expDraw(key: u64, stream: u32, day: u32, agent: u32): f32 {
  const u = <f32>uniform(key, stream, day, agent);
  // logf_lut is the body of Mathf.log (same table, same operations, same result) but @inline:
  // a call makes V8 spill the caller's live values around it, in the reset and media hot loops
  return -logf_lut(u < 1 ? u : <f32>0.99999994);
}

// logf_lut's table (LOGF_DATA_TAB of AssemblyScript's std/assembly/util/math.ts: invc and logc of
// 16 subintervals), which the std does not export: must equal it, as negLogf2 must do logf_lut's
// operations (test/kernel checks every state bit for bit)
const LOGF_TAB = memory.data<u64>([
  0x3FF661EC79F8F3BE, 0xBFD57BF7808CAADE, // 0x1.661ec79f8f3bep+0, -0x1.57bf7808caadep-2,
  0x3FF571ED4AAF883D, 0xBFD2BEF0A7C06DDB, // 0x1.571ed4aaf883dp+0, -0x1.2bef0a7c06ddbp-2,
  0x3FF49539F0F010B0, 0xBFD01EAE7F513A67, // 0x1.49539f0f010bp+0 , -0x1.01eae7f513a67p-2,
  0x3FF3C995B0B80385, 0xBFCB31D8A68224E9, // 0x1.3c995b0b80385p+0, -0x1.b31d8a68224e9p-3,
  0x3FF30D190C8864A5, 0xBFC6574F0AC07758, // 0x1.30d190c8864a5p+0, -0x1.6574f0ac07758p-3,
  0x3FF25E227B0B8EA0, 0xBFC1AA2BC79C8100, // 0x1.25e227b0b8eap+0 , -0x1.1aa2bc79c81p-3  ,
  0x3FF1BB4A4A1A343F, 0xBFBA4E76CE8C0E5E, // 0x1.1bb4a4a1a343fp+0, -0x1.a4e76ce8c0e5ep-4,
  0x3FF12358F08AE5BA, 0xBFB1973C5A611CCC, // 0x1.12358f08ae5bap+0, -0x1.1973c5a611cccp-4,
  0x3FF0953F419900A7, 0xBFA252F438E10C1E, // 0x1.0953f419900a7p+0, -0x1.252f438e10c1ep-5,
  0x3FF0000000000000, 0,                  // 0x1p+0,                0,
  0x3FEE608CFD9A47AC, 0x3FAAA5AA5DF25984, // 0x1.e608cfd9a47acp-1,  0x1.aa5aa5df25984p-5,
  0x3FECA4B31F026AA0, 0x3FBC5E53AA362EB4, // 0x1.ca4b31f026aap-1 ,  0x1.c5e53aa362eb4p-4,
  0x3FEB2036576AFCE6, 0x3FC526E57720DB08, // 0x1.b2036576afce6p-1,  0x1.526e57720db08p-3,
  0x3FE9C2D163A1AA2D, 0x3FCBC2860D224770, // 0x1.9c2d163a1aa2dp-1,  0x1.bc2860d22477p-3 ,
  0x3FE886E6037841ED, 0x3FD1058BC8A07EE1, // 0x1.886e6037841edp-1,  0x1.1058bc8a07ee1p-2,
  0x3FE767DCF5534862, 0x3FD4043057B6EE09  // 0x1.767dcf5534862p-1,  0x1.4043057b6ee09p-2
], 16);

/**
 * -logf_lut(x) of the f32 x in lanes 0 and 1 of ux (as bits), as f32 in lanes 0 and 1: logf_lut's
 * operations lane by lane (f64 with no fused operation, as the scalar's). x must be normal,
 * positive and below 1 (an expDraw's u: at least 2^-54), so the scalar's branch for zero,
 * subnormal, inf and NaN never applies.
 */
@inline function negLogf2(ux: v128): v128 {
  const tmp = i32x4.sub(ux, i32x4.splat(0x3F330000));
  const i = v128.and(i32x4.shr_u(tmp, 19), i32x4.splat(15));
  const k = i32x4.shr_s(tmp, 23);
  const iz = i32x4.sub(ux, v128.and(tmp, i32x4.splat(0x1FF << 23)));
  const t0 = v128.load(LOGF_TAB + (<usize>i32x4.extract_lane(i, 0) << 4));
  const t1 = v128.load(LOGF_TAB + (<usize>i32x4.extract_lane(i, 1) << 4));
  const invc = v128.shuffle<u64>(t0, t1, 0, 2);
  const logc = v128.shuffle<u64>(t0, t1, 1, 3);
  const z = f64x2.promote_low_f32x4(iz);
  const r = f64x2.sub(f64x2.mul(z, invc), f64x2.splat(1));
  const y0 = f64x2.add(logc, f64x2.mul(f64x2.convert_low_i32x4_s(k), f64x2.splat(reinterpret<f64>(0x3FE62E42FEFA39EF))));
  const r2 = f64x2.mul(r, r);
  let y = f64x2.add(f64x2.mul(f64x2.splat(reinterpret<f64>(0x3FD5575B0BE00B6A)), r), f64x2.splat(reinterpret<f64>(0xBFDFFFFEF20A4123)));
  y = f64x2.add(y, f64x2.mul(f64x2.splat(reinterpret<f64>(0xBFD00EA348B88334)), r2));
  y = f64x2.add(f64x2.mul(y, r2), f64x2.add(y0, r));
  return f32x4.neg(f32x4.demote_f64x2_zero(y));
}

/** The Exp(1) draws (expDraw's operations) of the hashes h0 and h1 in f32 lanes 0 and 1 (lanes 2 and 3 are -0). */
@inline function expDrawOf2(h0: u64, h1: u64): v128 {
  const x = f64x2.replace_lane(f64x2.splat(<f64><i64>(h0 >> 11)), 1, <f64><i64>(h1 >> 11));
  const u = f32x4.demote_f64x2_zero(f64x2.mul(f64x2.add(x, f64x2.splat(0.5)), f64x2.splat(1.1102230246251565e-16)));
  return negLogf2(v128.bitselect(u, f32x4.splat(0.99999994), f32x4.lt(u, f32x4.splat(1))));
}

/** expDraw(key, s0, d0, a0) and expDraw(key, s1, d1, a1) in f32 lanes 0 and 1 (lanes 2 and 3 are -0), the same bits. */
@inline export function expDraw2f32(key: u64, s0: u32, s1: u32, d0: u32, d1: u32, a0: u32, a1: u32): v128 {
  return expDrawOf2(hash(key, s0, d0, a0), hash(key, s1, d1, a1));
}

/** <f64>expDraw(key, s0, d0, a0) and <f64>expDraw(key, s1, d1, a1) in the two f64 lanes, the same bits. */
@inline export function expDraw2(key: u64, s0: u32, s1: u32, d0: u32, d1: u32, a0: u32, a1: u32): v128 {
  return f64x2.promote_low_f32x4(expDraw2f32(key, s0, s1, d0, d1, a0, a1));
}

/** expDraw2 with the counters' high words (hashHigh). */
@inline export function expDraw2High(key: u64, high0: u32, high1: u32, a0: u32, a1: u32): v128 {
  return f64x2.promote_low_f32x4(expDrawOf2(hashHigh(key, high0, a0), hashHigh(key, high1, a1)));
}
