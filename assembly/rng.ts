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

@inline export function hash(key: u64, stream: u32, day: u32, agent: u32): u64 {
  const c: u64 = (<u64>stream << 48) | (<u64>(day & 0xFFFF) << 32) | <u64>(agent + agentBase);
  return mix64(mix64(c ^ key) ^ rotl<u64>(key, 32));
}

/** Uniform in (0, 1) with 53 bits. */
@inline export function uniform(key: u64, stream: u32, day: u32, agent: u32): f64 {
  // the 53-bit value converts as signed (same value, < 2^63): an unsigned u64 -> f64
  // conversion costs a sign test and a fix-up path on x64
  return (<f64><i64>(hash(key, stream, day, agent) >> 11) + 0.5) * 1.1102230246251565e-16;
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
