// Cell propensity s_c of the adoption model (DESIGN 4): m_i = exp(gamma_celulas * s_c(i) +
// deslocamento_porte[porte(i)]). The raw score of a person is a MODELLED index of early adoption
// (more schooling, more income, internet use, younger: docs/model.md); s_c is the mean score of
// the person's cell under `agrupamento`, standardised to mean 0 and sd 1 over the simulated
// population (model 1), or with the fixed constants `padronizacao_celulas` (model 2, so a UF
// simulated alone keeps its level against the country). Model 2 also gives m_i = 0 to persons
// under `idade_minima_adocao` (not eligible: they never adopt).
import type { ModelParameters, PesosEscore, Population } from '../release/types.js';
import { loadMunicipalities, loadUfSocio, macroRegionOf, nationalIncome2023 } from '../release/data-files.js';
import { INCOME_QUINTILES, TIMING_CLASSES } from '../kernel/kernel-plan.js';
import { PERSON_ATTRS, personAttr, UF_CODES } from '../release/types.js';
import { ageGroupOf } from '../release/publication-grid.js';
import { sharedBuffer } from '../platform/shared-buffer.js';

type Axis = 'regiao' | 'faixa' | 'sexo' | 'raca' | 'nivel' | 'renda';
const AXES: readonly Axis[] = ['regiao', 'faixa', 'sexo', 'raca', 'nivel', 'renda'];
const SIZES: Record<Axis, number> = { regiao: 5, faixa: 7, sexo: 2, raca: 5, nivel: 4, renda: 5 };

/** Model 1's weights of the raw score; model 2 takes `pesos_escore` (fitted by the Pix case). */
export const PESOS_MODELO_1: PesosEscore = { escolaridade: 0.5, renda: 0.3, internet: 0.8, idade: 0.2 };

function rawScore(ag: number, attrs: number, w: PesosEscore): number {
  return w.escolaridade * personAttr(attrs, PERSON_ATTRS.escolaridade) + w.renda * personAttr(attrs, PERSON_ATTRS.renda) +
    w.internet * personAttr(attrs, PERSON_ATTRS.internet) - w.idade * Math.abs(ag - 3);
}

interface CellTable {
  cellOf: Uint32Array;
  porteOf: Uint8Array;
  regionOf: Uint8Array;
  /** 1 for a person who lives in the UF's capital. */
  capitalOf: Uint8Array;
  /** Per cell: the sum of its persons' raw scores, and their count. */
  sum: Float64Array;
  count: Float64Array;
}

/** Each person's cell under `agrupamento`, with the cells' raw score sums and counts. */
function tabulateCells(pop: Population, agrupamento: ModelParameters['agrupamento'], w: PesosEscore): CellTable {
  const axes = agrupamento === 'celula' ? AXES : AXES.filter((a) => (agrupamento as Axis[]).includes(a));
  let nCells = 1;
  for (const a of axes) nCells *= SIZES[a];
  const region = pop.ufs.map(macroRegionOf);
  const cellOf = new Uint32Array(pop.nPersons);
  const sum = new Float64Array(nCells);
  const count = new Float64Array(nCells);
  const porteOf = new Uint8Array(pop.nPersons);
  const regionOf = new Uint8Array(pop.nPersons);
  const capitalOf = new Uint8Array(pop.nPersons);
  const capitals = new Set(loadMunicipalities().filter((m) => m.capital).map((m) => m.codigo));
  const munCapital = pop.municipios.map((c) => (capitals.has(c) ? 1 : 0));
  const axisIdx = axes.map((a) => AXES.indexOf(a));
  const axisSize = axes.map((a) => SIZES[a]);
  const v = new Int32Array(AXES.length); // values of one person in AXES order
  for (let h = 0; h < pop.nHouseholds; h++) {
    const m = pop.tractMun[pop.hhTract[h]];
    const reg = region[pop.munUf[m]];
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      const at = pop.attrs[i];
      const ag = ageGroupOf(pop.age5[i]);
      v[0] = reg;
      v[1] = ag;
      v[2] = personAttr(at, PERSON_ATTRS.sexo);
      v[3] = personAttr(at, PERSON_ATTRS.raca);
      v[4] = personAttr(at, PERSON_ATTRS.escolaridade);
      v[5] = personAttr(at, PERSON_ATTRS.renda);
      let c = 0;
      for (let k = 0; k < axisIdx.length; k++) c = c * axisSize[k] + v[axisIdx[k]];
      cellOf[i] = c;
      sum[c] += rawScore(ag, at, w);
      count[c]++;
      porteOf[i] = pop.munPorte[m];
      regionOf[i] = reg;
      capitalOf[i] = munCapital[m];
    }
  }
  return { cellOf, porteOf, regionOf, capitalOf, sum, count };
}

/**
 * Mean and sd over persons of their cell's mean raw score: model 1's standardisation over the
 * simulated population, and how model 2's fixed `padronizacao_celulas` were measured (over the
 * whole country: docs/model.md).
 */
export function propensityMoments(pop: Population, p: Pick<ModelParameters, 'agrupamento' | 'pesos_escore'>): { media: number; dp: number } {
  const { sum, count } = tabulateCells(pop, p.agrupamento, p.pesos_escore ?? PESOS_MODELO_1);
  return momentsOf(sum, count, pop.nPersons);
}

function momentsOf(sum: Float64Array, count: Float64Array, nPersons: number): { media: number; dp: number } {
  let mu = 0;
  for (let c = 0; c < sum.length; c++) mu += sum[c];
  mu /= Math.max(1, nPersons);
  let v2 = 0;
  for (let c = 0; c < sum.length; c++) if (count[c] > 0) v2 += count[c] * (sum[c] / count[c] - mu) ** 2;
  return { media: mu, dp: Math.sqrt(v2 / Math.max(1, nPersons)) };
}

/** m_i per person (Float32Array on a SharedArrayBuffer); a missing level shift counts as 0. */
export function adoptionMultipliers(pop: Population, p: ModelParameters): Float32Array {
  const { cellOf, porteOf, regionOf, capitalOf, sum, count } = tabulateCells(pop, p.agrupamento, p.pesos_escore ?? PESOS_MODELO_1);
  const { media: mu, dp: sd } = p.padronizacao_celulas ?? momentsOf(sum, count, pop.nPersons);
  const out = new Float32Array(sharedBuffer(Math.max(1, pop.nPersons) * 4), 0, pop.nPersons);
  const shift = p.deslocamento_porte;
  const regionShift = p.deslocamento_regiao ?? [];
  const capitalShift = p.deslocamento_capital ?? 0;
  const minBand = p.idade_minima_adocao === undefined ? 0 : Math.ceil(p.idade_minima_adocao / 5);
  for (let i = 0; i < pop.nPersons; i++) {
    if (pop.age5[i] < minBand) continue; // not eligible: m_i = 0
    const c = cellOf[i];
    const s = sd > 0 ? (sum[c] / count[c] - mu) / sd : 0;
    out[i] = Math.exp(p.gamma_celulas * s + (shift[porteOf[i]] ?? 0) + (regionShift[regionOf[i]] ?? 0) + capitalShift * capitalOf[i]);
  }
  return out;
}

/** The quintile whose factor is 1 (the middle one), so the income slope moves timing around the middle of the income ranking. */
const INCOME_MIDDLE = 2;

/**
 * Each person's launch timing class, UF index (UF_CODES) x INCOME_QUINTILES + national income
 * quintile (Uint8Array on a SharedArrayBuffer): the kernel's P_INCOME.
 */
export function launchTimingClasses(pop: Population): Uint8Array {
  const ufIndex = pop.ufs.map((uf) => UF_CODES.indexOf(uf));
  const out = new Uint8Array(sharedBuffer(Math.max(1, pop.nPersons)), 0, pop.nPersons);
  for (let h = 0; h < pop.nHouseholds; h++) {
    const u = ufIndex[pop.munUf[pop.tractMun[pop.hhTract[h]]]] * INCOME_QUINTILES;
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) out[i] = u + personAttr(pop.attrs[i], PERSON_ATTRS.renda);
  }
  return out;
}

/**
 * Adoption model 2's launch timing by person: the factor on the launch odds and the impulse of
 * each timing class (launchTimingClasses), exp(inclinacao_renda_lancamento (q - 2) +
 * inclinacao_renda_uf_lancamento ln(rdpc_UF / rdpc_BR)), rdpc the household income per capita of
 * 2023 (renda_gini_ufs.csv). Undefined when both slopes are 0 or absent: the same timing for every
 * person, and the kernel never reads the classes (the model before them, bit for bit).
 */
export function launchTimingFactors(p: ModelParameters): Float64Array | undefined {
  const renda = p.inclinacao_renda_lancamento ?? 0;
  const rendaUf = p.inclinacao_renda_uf_lancamento ?? 0;
  if (renda === 0 && rendaUf === 0) return undefined;
  const socio = loadUfSocio();
  const br = nationalIncome2023();
  const out = new Float64Array(TIMING_CLASSES);
  UF_CODES.forEach((uf, u) => {
    const lnUf = rendaUf === 0 ? 0 : rendaUf * Math.log(socio.get(uf)!.rdpc2023 / br);
    for (let q = 0; q < INCOME_QUINTILES; q++) out[u * INCOME_QUINTILES + q] = Math.exp(renda * (q - INCOME_MIDDLE) + lnUf);
  });
  return out;
}
