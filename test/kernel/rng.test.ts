// Quality of the counter-based random function H(key, stream, day, agent) (assembly/rng.ts):
// uniformity (chi-square over 1,000 bins), serial correlation along each counter axis, and
// independence of streams and keys (the draws of different decisions must not be correlated).
import { beforeAll, describe, expect, it } from 'vitest';
import { KernelInstance } from '../../src/kernel/instance.js';
import { replicaKey } from '../../src/kernel/rng-key.js';

let k: KernelInstance;
beforeAll(async () => {
  k = await KernelInstance.create();
});

const N = 1_000_000;

function chiSquare(u: Float64Array, bins: number): number {
  const count = new Float64Array(bins);
  for (const x of u) count[Math.floor(x * bins)]++;
  const e = u.length / bins;
  let chi = 0;
  for (const c of count) chi += (c - e) ** 2 / e;
  return chi;
}

function correlation(a: Float64Array, b: Float64Array): number {
  let sa = 0, sb = 0, sab = 0, saa = 0, sbb = 0;
  const n = a.length;
  for (let i = 0; i < n; i++) {
    sa += a[i]; sb += b[i]; sab += a[i] * b[i]; saa += a[i] * a[i]; sbb += b[i] * b[i];
  }
  const cov = sab / n - (sa / n) * (sb / n);
  return cov / Math.sqrt((saa / n - (sa / n) ** 2) * (sbb / n - (sb / n) ** 2));
}

// chi-square with 999 degrees of freedom: mean 999, sd ~44.7; 5 sd bounds fail a broken generator.
const CHI_LOW = 999 - 5 * 44.7;
const CHI_HIGH = 999 + 5 * 44.7;
// correlation of 1e6 independent pairs: sd 0.001; 5 sd.
const CORR = 0.005;

describe('H(key, stream, day, agent)', () => {
  it('is uniform on (0, 1) along the agent axis (chi-square, 1000 bins)', () => {
    const u = k.uniforms(replicaKey('rng', 0), 1, 0, 0, N);
    expect(Math.min(...u.subarray(0, 1000))).toBeGreaterThan(0);
    const chi = chiSquare(u, 1000);
    expect(chi).toBeGreaterThan(CHI_LOW);
    expect(chi).toBeLessThan(CHI_HIGH);
    const mean = u.reduce((s, x) => s + x, 0) / N;
    expect(Math.abs(mean - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / N));
  });

  it('is uniform along the day axis (consecutive days of one agent)', () => {
    const key = replicaKey('rng', 1);
    const u = new Float64Array(50_000);
    for (let d = 0; d < 50_000; d++) u[d] = k.uniforms(key, 8, d, 12345, 1)[0];
    const chi = chiSquare(u, 100);
    expect(chi).toBeGreaterThan(99 - 5 * 14.1);
    expect(chi).toBeLessThan(99 + 5 * 14.1);
  });

  it('has no serial correlation between neighbouring agents (lags 1, 2, 7)', () => {
    const u = k.uniforms(replicaKey('rng', 2), 3, 5, 0, N + 7);
    for (const lag of [1, 2, 7]) {
      expect(Math.abs(correlation(u.subarray(0, N), u.subarray(lag, N + lag)))).toBeLessThan(CORR);
    }
  });

  it('gives uncorrelated draws to neighbouring streams, days, replicas and comparison groups', () => {
    const base = k.uniforms(replicaKey('rng', 0), 8, 10, 0, N);
    const others = [
      k.uniforms(replicaKey('rng', 0), 9, 10, 0, N), // next stream
      k.uniforms(replicaKey('rng', 0), 8, 11, 0, N), // next day
      k.uniforms(replicaKey('rng', 1), 8, 10, 0, N), // next replica
      k.uniforms(replicaKey('rnh', 0), 8, 10, 0, N), // another group
    ];
    for (const o of others) expect(Math.abs(correlation(base, o))).toBeLessThan(CORR);
  });

  it('is a pure function of its counters (same inputs, same bits)', () => {
    const a = k.uniforms(replicaKey('g', 3), 4, 0, 1000, 1000);
    const b = k.uniforms(replicaKey('g', 3), 4, 0, 1000, 1000);
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
    expect(replicaKey('g', 3)).toEqual(replicaKey('g', 3));
    expect(replicaKey('g', 3)).not.toEqual(replicaKey('g', 4));
  });
});

describe('expDraw2 (two Exp(1) draws in f64x2 lanes, with a copy of std logf\'s table)', () => {
  it('gives expDraw\'s bits for every agent, in every subinterval of the logarithm\'s table', () => {
    const n = 1 << 20;
    const pairs = k.expDrawPairs(replicaKey('rng', 7), 3, 11, 5, n);
    let differ = 0;
    for (let j = 0; j < n; j++) if (!Object.is(pairs[2 * j], pairs[2 * j + 1])) differ++;
    expect(differ).toBe(0);
    // every entry of the table was read: logf's index of u = exp(-x), from u's f32 bits
    const f = new Float32Array(1), bits = new Uint32Array(f.buffer);
    const used = new Set<number>();
    for (let j = 0; j < n; j++) {
      f[0] = Math.exp(-pairs[2 * j]);
      used.add(((bits[0] - 0x3f330000) >>> 19) & 15);
    }
    expect(used.size).toBe(16);
  });
});
