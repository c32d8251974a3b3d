// Cell propensity s_c of the adoption model (DESIGN 4): m_i = exp(gamma_celulas * s_c(i) +
// deslocamento_porte[porte(i)]). The raw score of a person is a MODELLED index of early adoption
// (more schooling, more income, internet use, younger: docs/model.md); s_c is the mean score of
// the person's cell under `agrupamento`, standardised to mean 0 and sd 1 over the population.
import type { ModelParameters, Population } from '../release/types.js';
import { PERSON_ATTRS } from '../release/types.js';
import { ageGroupOf } from '../kernel/model-constants.js';
import { regionOfUf } from './regions.js';

type Axis = 'regiao' | 'faixa' | 'sexo' | 'raca' | 'nivel' | 'renda';
const AXES: readonly Axis[] = ['regiao', 'faixa', 'sexo', 'raca', 'nivel', 'renda'];
const SIZES: Record<Axis, number> = { regiao: 5, faixa: 7, sexo: 2, raca: 5, nivel: 4, renda: 5 };

const bits = (attrs: number, f: { shift: number; bits: number }) => (attrs >> f.shift) & ((1 << f.bits) - 1);

function rawScore(ag: number, attrs: number): number {
  return 0.5 * bits(attrs, PERSON_ATTRS.escolaridade) + 0.3 * bits(attrs, PERSON_ATTRS.renda) +
    0.8 * bits(attrs, PERSON_ATTRS.internet) - 0.2 * Math.abs(ag - 3);
}

/** m_i per person (Float32Array on a SharedArrayBuffer); a missing level shift counts as 0. */
export function adoptionMultipliers(pop: Population, p: ModelParameters): Float32Array {
  const axes = p.agrupamento === 'celula' ? AXES : AXES.filter((a) => (p.agrupamento as Axis[]).includes(a));
  let nCells = 1;
  for (const a of axes) nCells *= SIZES[a];
  const region = pop.ufs.map((uf) => regionOfUf(uf));
  const cellOf = new Uint32Array(pop.nPersons);
  const score = new Float64Array(pop.nPersons);
  const sum = new Float64Array(nCells);
  const count = new Float64Array(nCells);
  const porteOf = new Uint8Array(pop.nPersons);
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
      v[2] = bits(at, PERSON_ATTRS.sexo);
      v[3] = bits(at, PERSON_ATTRS.raca);
      v[4] = bits(at, PERSON_ATTRS.escolaridade);
      v[5] = bits(at, PERSON_ATTRS.renda);
      let c = 0;
      for (let k = 0; k < axisIdx.length; k++) c = c * axisSize[k] + v[axisIdx[k]];
      cellOf[i] = c;
      score[i] = rawScore(ag, at);
      sum[c] += score[i];
      count[c]++;
      porteOf[i] = pop.munPorte[m];
    }
  }
  let mu = 0;
  for (let c = 0; c < nCells; c++) mu += sum[c];
  mu /= Math.max(1, pop.nPersons);
  let v2 = 0;
  for (let c = 0; c < nCells; c++) if (count[c] > 0) v2 += count[c] * (sum[c] / count[c] - mu) ** 2;
  const sd = Math.sqrt(v2 / Math.max(1, pop.nPersons));
  const out = new Float32Array(new SharedArrayBuffer(Math.max(1, pop.nPersons) * 4), 0, pop.nPersons);
  const shift = p.deslocamento_porte;
  for (let i = 0; i < pop.nPersons; i++) {
    const c = cellOf[i];
    const s = sd > 0 ? (sum[c] / count[c] - mu) / sd : 0;
    out[i] = Math.exp(p.gamma_celulas * s + (shift[porteOf[i]] ?? 0));
  }
  return out;
}
