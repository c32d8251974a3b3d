// Expected 1+ reach of a media plan's channels (issue 59: planners read GRPs with reach and average
// frequency), from the same cells, bins and affinities as its GRPs (plan-grp.ts), as an expected
// value of the release's model. In the kernel (assembly/reception.ts runContacts) a person's next
// contact with channel c is the first day whose summed hazard since the last contact reaches a
// fresh Exp(1) draw, with hazard a M e0 I(d) (a the f32 product of the cell's affinity and the
// person's multiplier, drawn once per replica), so given M the days are independent Bernoullis
// and the person has no contact over the horizon with probability exp(-a M H), H = e0 sum_d I(d):
// exactly prod_d (1 - p_d). Nothing else moves a person's media contacts day to day (no weekday
// habit, no memory: the response memory reads contacts, it does not change them).
//
// The channels of one person are not independent: her multipliers share the copula's heaviness
// (exposure-habits.ts propensityOf's byte 0), each channel adding its own byte. Given the heaviness
// byte u0 they are independent, so the reach of any channel is exact too, by summing over u0:
//   no contact with any = mean_u0 prod_c mean_u1 exp(-a_c T_c[bin(u0, u1)] H_c),
// bin(u0, u1) the kernel's f32 bin of the two bytes' parts (binMass counts the same pairs).
import type { Canal } from '../../contract/types.js';
import { ABI } from '../../kernel/abi.js';
import { exposureCase } from '../../release/exposure-case-file.js';
import { copulaParts, propensityTables } from './exposure-habits.js';

/** An audience's persons by cell, with each cell's f32 affinity for each of the channels asked. */
export interface ReachCells {
  /** Persons of the cells (the reach is a share of them). */
  pessoas: number;
  /** Persons of each cell. */
  n: Float64Array;
  /** The cells' kernel affinities, cell-major: [cell x channels + channel]. */
  afinidades: Float64Array;
}

/** Expected shares of the audience with at least one contact: per channel, and with any of them. */
export interface ExpectedReach {
  canais: number[];
  qualquer: number;
}

/** Values of a byte of a person's propensity hash. */
const BYTES = 256;

const copulaBins = new Map<string, Uint16Array>();
const tables = new Map<string, Float32Array>();

/** The bin of every pair (heaviness byte u0, own byte u1), in the kernel's f32 sum: [u0 x 256 + u1]. */
function binsOf(release: string): Uint16Array {
  let bins = copulaBins.get(release);
  if (!bins) {
    const partes = copulaParts(exposureCase(release).peso_midia);
    bins = new Uint16Array(BYTES * BYTES);
    for (let u0 = 0; u0 < BYTES; u0++) {
      for (let u1 = 0; u1 < BYTES; u1++) {
        const z = Math.fround(partes[u0] + partes[BYTES + u1]);
        bins[u0 * BYTES + u1] = Math.min(Math.max(Math.trunc(z), 0), ABI.PROP_BINS - 1);
      }
    }
    copulaBins.set(release, bins);
  }
  return bins;
}

/** The channel's multiplier by bin (propensityTables: 1 everywhere for a channel whose users are all alike). */
function tableOf(release: string, canal: Canal): Float32Array {
  const key = `${release}/${canal}`;
  let t = tables.get(key);
  if (!t) tables.set(key, (t = propensityTables(exposureCase(release), [canal]).tabelas));
  return t;
}

/**
 * Per heaviness byte u0, the share of the persons of affinity a with no contact of the channel:
 * mean_u1 exp(-fround(a T[bin]) H).
 */
function missByHeaviness(bins: Uint16Array, table: Float32Array, a: number, exposure: number): Float64Array {
  const miss = new Float64Array(ABI.PROP_BINS);
  for (let b = 0; b < ABI.PROP_BINS; b++) miss[b] = Math.exp(-Math.fround(a * table[b]) * exposure);
  const out = new Float64Array(BYTES);
  for (let u0 = 0; u0 < BYTES; u0++) {
    let s = 0;
    for (let u1 = 0; u1 < BYTES; u1++) s += miss[bins[u0 * BYTES + u1]];
    out[u0] = s / BYTES;
  }
  return out;
}

/**
 * The expected 1+ reach of each channel and of any of them, among the cells' persons, where
 * channel c's summed daily scale over the horizon is exposures[c] = e0 x sum of its days'
 * intensities (the kernel's cum at the last day).
 */
export function expectedReach(release: string, cells: ReachCells, canais: readonly Canal[], exposures: readonly number[]): ExpectedReach {
  const C = canais.length;
  const G = cells.n.length;
  const bins = binsOf(release);
  // each channel's distinct affinities computed once: cells share them (radio's by region, say)
  const missOf: Float64Array[][] = [];
  const index = new Int32Array(G * C);
  canais.forEach((canal, c) => {
    const table = tableOf(release, canal);
    const seen = new Map<number, number>();
    missOf.push([]);
    for (let k = 0; k < G; k++) {
      const a = cells.afinidades[k * C + c];
      let i = seen.get(a);
      if (i === undefined) {
        seen.set(a, (i = missOf[c].length));
        missOf[c].push(a === 0 || exposures[c] === 0 ? new Float64Array(BYTES).fill(1) : missByHeaviness(bins, table, a, exposures[c]));
      }
      index[k * C + c] = i;
    }
  });
  const reached = new Float64Array(C);
  let any = 0;
  for (let k = 0; k < G; k++) {
    let none = 0;
    const own = new Float64Array(C);
    for (let u0 = 0; u0 < BYTES; u0++) {
      let all = 1;
      for (let c = 0; c < C; c++) {
        const m = missOf[c][index[k * C + c]][u0];
        own[c] += m;
        all *= m;
      }
      none += all;
    }
    for (let c = 0; c < C; c++) reached[c] += cells.n[k] * (1 - own[c] / BYTES);
    any += cells.n[k] * (1 - none / BYTES);
  }
  const share = (x: number) => (cells.pessoas > 0 ? x / cells.pessoas : 0);
  return { canais: Array.from(reached, share), qualquer: share(any) };
}
