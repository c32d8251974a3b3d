// RNG access for the quality tests (test/kernel/rng.test.ts) and docs; not on the simulation path.
import { setAgentBase, uniform } from './rng';

/** Tests: once per batch; writes n uniforms H(key, stream, day, agent0 + j) as f64 at out. */
export function fillUniforms(keyLo: u32, keyHi: u32, stream: u32, day: u32, agent0: u32, n: u32, out: usize): void {
  const key = (<u64>keyHi << 32) | <u64>keyLo;
  setAgentBase(0);
  for (let j: u32 = 0; j < n; j++) store<f64>(out + (<usize>j << 3), uniform(key, stream, day, agent0 + j));
}
