// RNG access for the quality tests (test/kernel/rng.test.ts) and docs; not on the simulation path.
import { expDraw, expDraw2, setAgentBase, uniform } from './rng';

/** Tests: once per batch; writes n uniforms H(key, stream, day, agent0 + j) as f64 at out. */
export function fillUniforms(keyLo: u32, keyHi: u32, stream: u32, day: u32, agent0: u32, n: u32, out: usize): void {
  const key = (<u64>keyHi << 32) | <u64>keyLo;
  setAgentBase(0);
  for (let j: u32 = 0; j < n; j++) store<f64>(out + (<usize>j << 3), uniform(key, stream, day, agent0 + j));
}

/**
 * Tests: expDraw and expDraw2 (whose logarithm copies std's table and operations) for agents
 * agent0 + j, j < n (n even): writes expDraw's value then expDraw2's lane for each agent, as f64.
 */
export function fillExpDrawPairs(keyLo: u32, keyHi: u32, stream: u32, day: u32, agent0: u32, n: u32, out: usize): void {
  const key = (<u64>keyHi << 32) | <u64>keyLo;
  setAgentBase(0);
  for (let j: u32 = 0; j < n; j += 2) {
    const v = expDraw2(key, stream, stream, day, day, agent0 + j, agent0 + j + 1);
    const p = out + (<usize>j << 4);
    store<f64>(p, <f64>expDraw(key, stream, day, agent0 + j));
    store<f64>(p + 8, f64x2.extract_lane(v, 0));
    store<f64>(p + 16, <f64>expDraw(key, stream, day, agent0 + j + 1));
    store<f64>(p + 24, f64x2.extract_lane(v, 1));
  }
}
