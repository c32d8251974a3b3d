// Observation model of the Pix case, part 5: a population that changes. The model's persons are
// the 2022 Census, fixed in time, while the case runs from 2020-11 to 2026-12. What moves is the
// eligible population (aged 15+, the fit's idade_minima_adocao): cohorts cross the age-15 line,
// and the population grows or shrinks. Predicted payers of a unit read a factor
//   g(t) = E(t) / E(ref),  E(t) = P(t) - U(t),   ref = 2022-07-01 (the 2022 estimates' date)
// on the adopters, as if the persons who join or leave adopt as the unit's others do:
//   U(t) = U(ref) + (t - ref) (B - S), persons under 15: B = (aged 0-4) / 5 born a year,
//          S = (aged 10-14) / 5 turning 15 a year; 2022 data only (populacao_sexo_idade5_2022.csv);
//   P(t) = P(ref) exp(r (t - ref)), r the growth rate per year of IBGE's municipal estimates from
//          1 July 2024 to 1 July 2025 (data/br/estimativas_populacao/): published after Dec 2022,
//          so a forecast with r is conditional on them; without them (`semEstimativas`) r = 0:
//          births and deaths balance and only the ages move.
// Rates, not levels: the 2024-2025 estimates follow the Census (with its undercount corrected),
// the 2022 ones (DataSUS) and IBGE's 2021 ones project the 2010 Census, so levels across them
// differ by method; the 2023 rows are the Census counts. A unit's factor is 1 at ref in both
// variants, so the coverage (pix-coverage.ts, a 2022 level) keeps its meaning. The fits and the
// judges read the factor with the growth, as they read the 2022 Census (published in 2023): the
// population is an input known to the model, not a target; the payers after each window are what
// it never sees. Without the growth a fast-growing UF looks shrinking (RR: 3.0% a year in the
// estimates; with a fixed total its births outnumber its new 15-year-olds and the eligible share falls).
import { columns, readCsv } from '../../src/release/csv.js';
import { loadAgeSex, loadMunicipalities } from '../../src/release/data-files.js';
import type { Coorte } from '../../src/release/pix-case-file.js';
import { AGE_BANDS, type UfCode } from '../../src/release/types.js';

export const ESTIMATIVAS_FILE = 'data/br/estimativas_populacao/estimativas_municipios.csv';
/** The years whose estimates give the growth rate (both after the 2022 Census). */
export const ANOS_CRESCIMENTO = [2024, 2025] as const;
/** 1 July 2022 as a decimal year: the date of the 2022 estimates and of the age bands. */
export const POPULACAO_REF = 2022.5;

export interface CoortesPix {
  ufs: Record<UfCode, Coorte>;
  municipios: Map<string, Coorte>;
}

/** The end of month YYYYMM as a decimal year (end of June 2022 = 2022.5). */
export function monthEndYear(mes: number): number {
  return Math.floor(mes / 100) + (mes % 100) / 12;
}

/** g(t) of one unit at the end of month `mes`. */
export function eligibleFactor(c: Coorte, mes: number, semEstimativas: boolean): number {
  const dt = monthEndYear(mes) - POPULACAO_REF;
  const p = c.pessoas * (semEstimativas ? 1 : Math.exp(c.crescimento * dt));
  const u = c.menores15 + dt * c.saldo_menores15;
  return (p - u) / (c.pessoas - c.menores15);
}

export function eligibleFactors(c: Coorte, meses: readonly number[], semEstimativas: boolean): Float64Array {
  return Float64Array.from(meses, (m) => eligibleFactor(c, m, semEstimativas));
}

/** Estimated persons per municipality and year (the years of ANOS_CRESCIMENTO). */
function loadEstimates(): Map<string, Map<number, number>> {
  const { header, rows } = readCsv(ESTIMATIVAS_FILE);
  const c = columns(header, ['codigo_municipio', 'ano', 'populacao'], ESTIMATIVAS_FILE);
  const out = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const ano = Number(r[c.ano]);
    if (!(ANOS_CRESCIMENTO as readonly number[]).includes(ano)) continue;
    let m = out.get(r[c.codigo_municipio]);
    if (!m) out.set(r[c.codigo_municipio], (m = new Map()));
    m.set(ano, Number(r[c.populacao]));
  }
  return out;
}

/**
 * Cohorts of every municipality of the Census grid and of every UF (sums of its municipalities;
 * a UF's growth also counts municipalities created after the Census, 5101837 in MT, whose persons
 * the Census counted in the municipalities they came from).
 */
export function loadCohorts(): CoortesPix {
  const ageSex = loadAgeSex();
  const est = loadEstimates();
  const [y0, y1] = ANOS_CRESCIMENTO;
  const municipios = new Map<string, Coorte>();
  const sums = new Map<UfCode, { pessoas: number; menores15: number; saldo: number }>();
  const ufOfIbge = new Map<string, UfCode>();
  for (const m of loadMunicipalities()) {
    const a = ageSex.get(m.codigo);
    if (!a) throw new Error(`campaign-sim: municipality ${m.codigo} has no 2022 estimate in populacao_sexo_idade5_2022.csv`);
    const band = (b: number) => a[b] + a[AGE_BANDS + b];
    const pessoas = a.reduce((s, v) => s + v, 0);
    const menores15 = band(0) + band(1) + band(2);
    const saldo = (band(0) - band(2)) / 5;
    const e = est.get(m.codigo);
    if (!e?.has(y0) || !e.has(y1)) throw new Error(`campaign-sim: municipality ${m.codigo} lacks an estimate of ${y0} or ${y1} in ${ESTIMATIVAS_FILE}`);
    municipios.set(m.codigo, { pessoas, menores15, saldo_menores15: saldo, crescimento: Math.log(e.get(y1)! / e.get(y0)!) });
    const s = sums.get(m.uf) ?? { pessoas: 0, menores15: 0, saldo: 0 };
    s.pessoas += pessoas; s.menores15 += menores15; s.saldo += saldo;
    sums.set(m.uf, s);
    ufOfIbge.set(m.codigo.slice(0, 2), m.uf);
  }
  const ufTotals = new Map<UfCode, [number, number]>();
  for (const [codigo, e] of est) {
    const uf = ufOfIbge.get(codigo.slice(0, 2));
    if (!uf) throw new Error(`campaign-sim: ${ESTIMATIVAS_FILE} has municipality ${codigo} of no known UF`);
    const t = ufTotals.get(uf) ?? [0, 0];
    t[0] += e.get(y0) ?? 0; t[1] += e.get(y1) ?? 0;
    ufTotals.set(uf, t);
  }
  const ufs = Object.fromEntries([...sums].map(([uf, s]) => {
    const [p0, p1] = ufTotals.get(uf)!;
    return [uf, { pessoas: s.pessoas, menores15: s.menores15, saldo_menores15: s.saldo, crescimento: Math.log(p1 / p0) }];
  })) as Record<UfCode, Coorte>;
  return { ufs, municipios };
}
