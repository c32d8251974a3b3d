// Observation model of the Pix case, part 2: the model's adopters per UF at each month end,
// turned into predicted monthly payers (activity x adopters). Each UF runs as its own adoption
// scenario (geografia.ufs = [uf]), launched on 2020-11-16 (day 16 of a horizon that starts
// 2020-11-01): persons who registered a key before payments opened (from 2020-10-05) are the
// launch-day share. Payers are counted where they pay, residents where they live: UF totals are
// compared, where the two differ least (docs/model.md, "The Pix case").
import type { Scenario } from '../../src/contract/types.js';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import type { SimPool } from '../../src/pool/pool.js';
import type { ModelParameters, Population, Release, UfCode } from '../../src/release/types.js';
import { simulate } from '../../src/simulate.js';
import { ROUND_SCOPE } from '../engine.js';
import { periodDays } from '../periods.js';
import { samplePopulation } from '../sample-population.js';
import type { ActivityCurve } from '../../src/release/pix-case-file.js';
import { activityAt } from './pix-activity.js';

export const PIX_DATA_INICIO = '2020-11-01';
/** 2020-11-16, the day Pix payments opened. */
export const PIX_DIA_LANCAMENTO = 16;
export const PIX_GRUPO_COMPARACAO = 'caso-pix';

/**
 * The Monte Carlo draw d of the case's judging (issue 60, pix-intervals.ts): the 1:k sample of
 * households offset d mod k and the random stream of `caso-pix-mc<d>`; draw 0 is the case's own run.
 */
export function pixScenario(release: string, uf: UfCode, dias: number, sorteio = 0): Scenario {
  return {
    versao_contrato: 3, release, familia: 'adocao', geografia: { ufs: [uf] },
    lancamento: { dia: PIX_DIA_LANCAMENTO, cenario_base: 'pix' },
    horizonte: { data_inicio: PIX_DATA_INICIO, dias }, replicas: 1,
    grupo_comparacao: sorteio ? `${PIX_GRUPO_COMPARACAO}-mc${sorteio}` : PIX_GRUPO_COMPARACAO, kpis: ['adotantes'], nome: `Caso Pix ${uf}`,
  };
}

const samples = new WeakMap<Population, Map<number, Population>>();
/**
 * The 1:k sample of a population: offset 0 made once per process (every round of a search reuses
 * it); a Monte Carlo draw's other offsets are made when asked and not kept (one per draw).
 */
function sampleOf(full: Population, k: number, sorteio = 0): Population {
  if (sorteio % k !== 0) return samplePopulation(full, k, sorteio % k);
  let byK = samples.get(full);
  if (!byK) samples.set(full, (byK = new Map()));
  let pop = byK.get(k);
  if (!pop) byK.set(k, (pop = samplePopulation(full, k)));
  return pop;
}

/** Adopters per UF at each month end (persons of the full population), [uf] -> [month]. */
export type AdoptersByUf = Partial<Record<UfCode, Float64Array>>;

export interface PixRunOptions {
  release: Release;
  ufs: readonly UfCode[];
  /** Months YYYYMM whose ends are read, ascending from 202011. */
  meses: readonly number[];
  /** Per UF: 1 = the full population; k > 1 = a 1:k household sample (search rounds). */
  amostra?: (uf: UfCode) => number;
  pool?: SimPool;
  threads?: number;
  onUf?: (uf: UfCode) => void;
  /** When given, also filled with the adopters of each municipality (bench/pix-residuals.ts). */
  porMunicipio?: AdoptersByMunicipality;
  /** The Monte Carlo draw (pixScenario; 0, the case's own run, by default). */
  sorteio?: number;
}

/** Adopters per municipality (7-digit code) at each month end, persons of the full population. */
export type AdoptersByMunicipality = Map<string, Float64Array>;

/**
 * Runs every UF with `parametros` and reads its adopters at each month end. A sample's counts are
 * scaled by the UF's persons over the sample's. UFs run concurrently through one pool, the largest
 * submitted first: the pool takes tasks in order, and SP last ran alone on one thread for the
 * final quarter of a whole-population forecast. The order changes no number (each UF is its own
 * scenario with its own random numbers).
 */
export async function simulatePixAdopters(parametros: ModelParameters, o: PixRunOptions): Promise<AdoptersByUf> {
  const ends = o.meses.map((m) => periodDays(m, 'mes', PIX_DATA_INICIO)[1]);
  const dias = ends[ends.length - 1];
  const out: AdoptersByUf = {};
  const pops = await Promise.all(o.ufs.map(async (uf) => ({ uf, full: await o.release.population([uf]) })));
  pops.sort((a, b) => b.full.nPersons - a.full.nPersons);
  const runs = pops.map(({ uf, full }) => {
    const scenario = pixScenario(o.release.version, uf, dias, o.sorteio);
    const pop = sampleOf(full, o.amostra?.(uf) ?? 1, o.sorteio);
    const plan = compilePlanFor(scenario, pop, parametros, ROUND_SCOPE);
    return simulate(scenario, { plan, pool: o.pool, threads: o.threads }).then((res) => {
      const r = res.variantes.plano[0];
      const U = r.unidades.length, M = r.medidas.length, D = dias;
      const scale = full.nPersons / pop.nPersons;
      const a = new Float64Array(ends.length);
      // summed in this order (units, then the scale) so the published case is reproduced bit for bit
      ends.forEach((d, j) => {
        let s = 0;
        for (let u = 0; u < U; u++) s += r.serieDiaria![(u * D + d - 1) * M];
        a[j] = s * scale;
      });
      out[uf] = a;
      for (let u = 0; u < U && o.porMunicipio; u++) {
        // a unit is a municipality or one of its weighting areas (10 digits)
        const codigo = r.unidades[u].slice(0, 7);
        let m = o.porMunicipio.get(codigo);
        if (!m) o.porMunicipio.set(codigo, (m = new Float64Array(ends.length)));
        ends.forEach((d, j) => { m![j] += r.serieDiaria![(u * D + d - 1) * M] * scale; });
      }
      o.onUf?.(uf);
    });
  });
  await Promise.all(runs);
  return out;
}

/**
 * `porMunicipio` (filled by simulatePixAdopters from 1:k samples) re-scaled, in place, municipality
 * by municipality: each municipality's sampled adopters times its own persons over its sampled
 * persons, instead of the UF's ratio. The sample keeps every k-th household, so a small town's
 * sampled persons stray from its persons / k by its households' sizes; the UF's ratio left that
 * stray in the town's share (v1.6.0), this ratio takes it out (v1.7.0 on). A municipality with no
 * sampled person has no adopter either way. A UF of `amostra` 1 is left as it is.
 */
export async function rescaleToMunicipalPersons(
  porMunicipio: AdoptersByMunicipality, release: Release, ufs: readonly UfCode[], amostra: (uf: UfCode) => number, sorteio = 0,
): Promise<void> {
  for (const uf of ufs) {
    const k = amostra(uf);
    if (k === 1) continue;
    const full = await release.population([uf]);
    const pop = sampleOf(full, k, sorteio);
    const ufScale = full.nPersons / pop.nPersons;
    full.municipios.forEach((codigo, i) => {
      const a = porMunicipio.get(codigo);
      if (!a || pop.munPop[i] === 0) return;
      const f = full.munPop[i] / pop.munPop[i] / ufScale;
      for (let j = 0; j < a.length; j++) a[j] *= f;
    });
  }
}

/**
 * Predicted monthly payers: the UF's coverage (pix-coverage.ts; 1 in cases made before it, whose
 * files record none) x activity of the month x adopters at its end, x the eligible population's
 * factor of the month when given (pix-population.ts; cases before v1.6.0 have none).
 */
export function predictPayers(
  adopters: Float64Array, meses: readonly number[], activity: ActivityCurve, cobertura: number, populacao?: ArrayLike<number>,
): Float64Array {
  return populacao
    ? adopters.map((a, j) => a * activityAt(activity, meses[j]) * cobertura * populacao[j])
    : adopters.map((a, j) => a * activityAt(activity, meses[j]) * cobertura);
}
