// Deterministic random numbers of the population builder: a counter-based hash for keyed draws
// and a small sequential generator (sfc32) for shuffles. Nothing here depends on build order,
// so one UF or one municipality gives the same result whatever else is built.

/** 32-bit avalanche mix (murmur3 finaliser). */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Stateless hash of up to three integers to a uint32. */
export function hash3(a: number, b: number, c: number): number {
  let h = mix32((a ^ 0x9e3779b9) >>> 0);
  h = mix32((h ^ Math.imul(b | 0, 0x27d4eb2f)) >>> 0);
  h = mix32((h ^ Math.imul(c | 0, 0x165667b1)) >>> 0);
  return h;
}

/**
 * Streams: one per modelled decision, so adding one never shifts the others. The numbers are part
 * of the population's definition: changing one changes every built population.
 */
export const STREAM = {
  tractPlace: 3, household: 4, race: 5, education: 6, income: 7,
  internet: 8, school: 9, work: 10, commute: 11, establishment: 12, border: 13, tractEffect: 14,
  householdSize: 15, householdTemplate: 16, collective: 17, mediaUsers: 18,
  /** Media heaviness and exposure propensity (exposure-propensity.ts; no release draws it yet). */
  exposure: 19,
} as const;

/** sfc32 generator seeded by (seed, stream, key). */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream: number, key: number) {
    this.a = hash3(seed, stream, key);
    this.b = hash3(seed, stream, key ^ 0x5bd1e995);
    this.c = hash3(seed ^ 0x1b873593, stream, key);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.nextU32();
  }

  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Standard normal (Box-Muller, one value per call). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Fisher-Yates shuffle of a typed array range in place. */
  shuffle(a: Uint32Array | Uint8Array | Int32Array, start = 0, end = a.length): void {
    for (let i = end - 1; i > start; i--) {
      const j = start + Math.floor(this.next() * (i - start + 1));
      const t = a[i]; a[i] = a[j]; a[j] = t;
    }
  }
}

/** Integer code of a 7-digit municipality (seed key). */
export function munKey(code: string): number {
  return Number(code) | 0;
}

/**
 * Largest-remainder rounding: integers proportional to `weights` summing exactly to `total`.
 * Ties go to the lower index, so the result is deterministic.
 */
export function largestRemainder(weights: ArrayLike<number>, total: number): Int32Array {
  const n = weights.length;
  const out = new Int32Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.max(0, weights[i]);
  if (n === 0) return out;
  if (sum <= 0) { out[0] = total; return out; }
  const rem = new Float64Array(n);
  let given = 0;
  for (let i = 0; i < n; i++) {
    const exact = (Math.max(0, weights[i]) / sum) * total;
    out[i] = Math.floor(exact);
    rem[i] = exact - out[i];
    given += out[i];
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => rem[y] - rem[x] || x - y);
  for (let k = 0; given < total; k++, given++) out[order[k % n]]++;
  return out;
}
