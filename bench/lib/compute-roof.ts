// The compute roof of bench/kernel.ts's roofline: the seconds each unavoidable operation of the
// kernels (bench/lib/kernel-operations.ts) costs at its best throughput, timed on the bench's own
// build of the kernels' primitives (build/bench-probes.wasm, `npm run asbuild:bench`, from
// assembly/bench-probes.ts with the kernel's release options) in a memory of its own. A uniform (a
// hash), an Exp(1) draw (a hash and a logarithm; the best of expDraw one at a time and expDraw2
// two at a time) and a hazard update of each family (one f32x4 step per 4 persons). The hazard loops stream a window of persons of the large UF (its group, digital cell,
// m_i and household, in the kernel's order) small enough to stay in the L2 with the lines it
// gathers, over share tables of that UF's sizes, again and again: what the update costs when
// memory is not what it waits for (the memory roof counts that part). Best of `repeats` runs; the
// bench measures it twice, before and after its kernel runs, and keeps each cost's best
// (bestComputeRoof): on this shared VM a minute of heavy load doubled every cost (Exp(1) 10.4
// against 5.3 ns), the way it slows the kernel runs.
import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import type { KernelPopulation } from '../../src/kernel/kernel-population.js';
import { projectPath } from '../../src/project-path.js';
import { bestSeconds } from './best-seconds.js';

interface RoofExports {
  heapBase(): number;
  roofUniforms(keyLo: number, keyHi: number, n: number): number;
  roofExpDraws(keyLo: number, keyHi: number, n: number): number;
  roofExpDrawPairs(keyLo: number, keyHi: number, n: number): number;
  roofHazardReception(n: number, reps: number, day: number, group: number, dcell: number, mult: number, rem: number, tG: number, tD: number, base: number, ex: number): number;
  roofHazardAdoption(n: number, reps: number, day: number, personHh: number, hBase: number, group: number, dcell: number, mult: number, rem: number, tG: number, tD: number, e0: number, ex: number): number;
}

export interface ComputeRoof {
  /** Seconds per operation at the best of `repeticoes` runs. */
  segundos_por_uniforme: number;
  /** The better of the two forms below. */
  segundos_por_exponencial: number;
  segundos_por_exponencial_uma_a_uma: number;
  segundos_por_exponencial_em_pares: number;
  segundos_por_risco_recepcao: number;
  segundos_por_risco_adocao: number;
  /** Persons of the hazard loops' window, and its first person in the large UF. */
  pessoas_janela: number;
  primeira_pessoa_janela: number;
  /** Draws, and hazard updates, per timed run. */
  operacoes_por_execucao: number;
  repeticoes: number;
}

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * The probes' module, compiled once, with V8's baseline tier off as the kernel's is
 * (src/kernel/instance.ts kernelModule): each probe is one long loop called once per timing.
 */
function probesModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(projectPath('build/bench-probes.wasm')).then(
    (b) => {
      setFlagsFromString('--no-liftoff');
      return WebAssembly.compile(b);
    },
    (err: unknown) => {
      throw new Error(`build/bench-probes.wasm: run npm run asbuild:bench (${err instanceof Error ? err.message : String(err)})`);
    },
  );
  return compiled;
}

const PAGE = 65536;
const WINDOW = 8192;
const OPERATIONS = 1 << 20;

/** The hazard loops' inputs for persons [p0, p0 + w) of `pop`, laid out in a kernel instance of their own. */
interface HazardInputs {
  fn: RoofExports;
  w: number;
  day: number;
  personHh: number;
  group: number;
  dcell: number;
  mult: number;
  rem: number;
  tG: number;
  tD: number;
  hBase: number;
  /** Sets every threshold to 1 (a pass lowers them by about 1e-5: normal numbers throughout). */
  resetRem(): void;
}

/**
 * A kernel instance with persons [p0, p0 + w) of `pop` (4-aligned) in its memory as the kernel
 * lays them out (their household, group, digital cell and m_i, in the kernel's order), every lane
 * on (day 0), thresholds near an Exp(1)'s and shares of a day's size over tables of the UF's sizes.
 */
async function layHazardInputs(pop: KernelPopulation, mult: Float32Array, p0: number, w: number): Promise<HazardInputs> {
  const memory = new WebAssembly.Memory({ initial: 1, maximum: 65536 });
  const fn = (await WebAssembly.instantiate(await probesModule(), { env: { memory } })).exports as unknown as RoofExports;
  let at = Math.ceil(fn.heapBase() / 64) * 64;
  const place = (bytes: number) => {
    const p = at;
    at += Math.ceil(bytes / 64) * 64;
    return p;
  };
  const day = place(w * 2);
  const personHh = place(w * 4);
  const group = place(w * 4);
  const dcell = place(w * 2);
  const multAt = place(w * 4);
  const rem = place(w * 4);
  const tG = place((pop.nGroups + 1) * 4);
  const tD = place((pop.nDig + 1) * 4);
  const hBase = place(pop.nHouseholds * 8);
  memory.grow(Math.ceil(at / PAGE) - memory.buffer.byteLength / PAGE);
  const buf = memory.buffer;
  // the persons' households: hhStart walked from the one holding p0
  const hh = new Uint32Array(buf, personHh, w);
  let lo = 0;
  let hi = pop.nHouseholds;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pop.hhStart[mid + 1] <= p0) lo = mid + 1;
    else hi = mid;
  }
  let h = lo;
  for (let k = 0; k < w; k++) {
    while (pop.hhStart[h + 1] <= p0 + k) h++;
    hh[k] = h;
  }
  new Uint32Array(buf, group, w).set(pop.group.subarray(p0, p0 + w));
  new Uint16Array(buf, dcell, w).set(pop.dcell.subarray(p0, p0 + w));
  new Float32Array(buf, multAt, w).set(mult.subarray(p0, p0 + w));
  new Float32Array(buf, tG, pop.nGroups + 1).fill(1e-4);
  new Float32Array(buf, tD, pop.nDig + 1).fill(1e-4);
  const bases = new Float32Array(buf, hBase, 2 * pop.nHouseholds);
  for (let k = 0; k < bases.length; k += 2) {
    bases[k] = 1e-4;
    bases[k + 1] = 0.9;
  }
  const resetRem = () => new Float32Array(buf, rem, w).fill(1);
  resetRem();
  return { fn, w, day, personHh, group, dcell, mult: multAt, rem, tG, tD, hBase, resetRem };
}

/** Seconds of `reps` passes of reception's hazard loop over the inputs (the best of `repeats`). */
function receptionPasses(x: HazardInputs, reps: number, repeats: number): number {
  x.resetRem();
  return bestSeconds(repeats, () => x.fn.roofHazardReception(x.w, reps, x.day, x.group, x.dcell, x.mult, x.rem, x.tG, x.tD, 1e-4, 0.1));
}

/** Seconds of `reps` passes of adoption's hazard loop over the inputs (the best of `repeats`). */
function adoptionPasses(x: HazardInputs, reps: number, repeats: number): number {
  x.resetRem();
  return bestSeconds(repeats, () => x.fn.roofHazardAdoption(x.w, reps, x.day, x.personHh, x.hBase, x.group, x.dcell, x.mult, x.rem, x.tG, x.tD, 1e-3, 0.1));
}

/** The compute roof over the large UF's population `pop` and its persons' m_i (`mult`). */
export async function measureComputeRoof(pop: KernelPopulation, mult: Float32Array, repeats = 41): Promise<ComputeRoof> {
  const w = Math.min(WINDOW, pop.nPersons & ~3);
  // a window from the middle of the population, 4-aligned
  const p0 = Math.min((pop.nPersons >>> 1) & ~3, pop.nPersons - w) & ~3;
  const x = await layHazardInputs(pop, mult, p0, w);
  const fn = x.fn;
  const n = OPERATIONS;
  const reps = Math.ceil(n / w);
  const perDraw = (t: number) => t / n;
  const uniforme = perDraw(bestSeconds(repeats, () => fn.roofUniforms(0x9e3779b9, 0x7f4a7c15, n)));
  const uma = perDraw(bestSeconds(repeats, () => fn.roofExpDraws(0x9e3779b9, 0x7f4a7c15, n)));
  const pares = perDraw(bestSeconds(repeats, () => fn.roofExpDrawPairs(0x9e3779b9, 0x7f4a7c15, n)));
  const perUpdate = (t: number) => t / (reps * w);
  const recepcao = perUpdate(receptionPasses(x, reps, repeats));
  const adocao = perUpdate(adoptionPasses(x, reps, repeats));
  return {
    segundos_por_uniforme: uniforme,
    segundos_por_exponencial: Math.min(uma, pares),
    segundos_por_exponencial_uma_a_uma: uma,
    segundos_por_exponencial_em_pares: pares,
    segundos_por_risco_recepcao: recepcao,
    segundos_por_risco_adocao: adocao,
    pessoas_janela: w,
    primeira_pessoa_janela: p0,
    operacoes_por_execucao: n,
    repeticoes: repeats,
  };
}

/** The hazard loops of the compute roof over every person of the large UF at once (not the roof: a diagnostic). */
export interface WholePasses {
  pessoas: number;
  /** Seconds per person of one pass over them all, the best of `repeticoes`. */
  segundos_por_risco_recepcao: number;
  segundos_por_risco_adocao: number;
  /** The bytes one adoption pass streams per person (its arrays; the household table once per household). */
  bytes_por_pessoa_adocao: number;
  repeticoes: number;
}

/**
 * The compute roof's hazard loops, one pass over all of the large UF's persons (`pop`, `mult`) in
 * the kernel's layout: what a day's person pass costs with nothing but the hazard update, its data
 * from memory (the roof's window stays in the L2). The kernel's days against this pass say how
 * much of a day is the update's own loads and arithmetic over the real arrays, and how much the
 * kernel's other work (docs/experiments/kernel-speed.md, "2026-11-27: where adoption's 0.5 is lost").
 */
export async function measureWholePasses(pop: KernelPopulation, mult: Float32Array, repeats = 7): Promise<WholePasses> {
  const w = pop.nPersons & ~3;
  const x = await layHazardInputs(pop, mult, 0, w);
  return {
    pessoas: w,
    segundos_por_risco_recepcao: receptionPasses(x, 1, repeats) / w,
    segundos_por_risco_adocao: adoptionPasses(x, 1, repeats) / w,
    // day 2 + household 4 + group 4 + cell 2 + m_i 4 + rem read and written 8, and 8 bytes a household
    bytes_por_pessoa_adocao: Number((24 + (8 * pop.nHouseholds) / pop.nPersons).toFixed(1)),
    repeticoes: repeats,
  };
}

/** Each cost the lower of two measures of the same roof (the window's fields are `a`'s). */
export function bestComputeRoof(a: ComputeRoof, b: ComputeRoof): ComputeRoof {
  const r = { ...a };
  for (const k of Object.keys(a) as Array<keyof ComputeRoof>) if (k.startsWith('segundos_')) r[k] = Math.min(a[k], b[k]);
  return r;
}
