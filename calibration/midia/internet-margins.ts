// The published internet-use margins the midia case reads (data/br/midia/), each with the
// persons of the model it is compared with and whether the fit uses it. Which margins are fitted
// and which are held out was decided before the first fit and is fixed here (docs/model.md,
// "Internet use"): fitted, PNAD TIC 2023 by region and area and TIC Domicílios 2020 by schooling,
// family income and age; held out, everything else (PNAD 2023 total, sex, race, the schooling and
// age points; TIC Domicílios 2020 by sex and race; TIC Domicílios 2018, another year, by every axis).
import { readCsv, columns } from '../../src/release/csv.js';
import {
  CLASSES_ESCOLARIDADE, CLASSES_RENDA, decodeInternetCell, GRUPO_IDADE_TIC_DA_FAIXA, GRUPOS_IDADE_TIC,
} from '../../src/population/internet-model.js';
import { MACRO_REGIOES } from '../../src/release/types.js';

/** Axes of the model's coefficients (InternetCoefficients), the ones a fitted margin adjusts. */
export type EixoAjuste = 'idade' | 'escolaridade' | 'renda' | 'situacao' | 'regiao';

/** A person cell of the count table (internet-model.ts COUNT_CELLS): an internet cell x sexo x raca. */
export interface CountCell {
  band: number;
  escolaridade: number;
  renda: number;
  urbano: number;
  regiao: number;
  sexo: number;
  raca: number;
}

export function decodeCountCell(k: number): CountCell {
  const raca = k % 5;
  const sexo = Math.floor(k / 5) % 2;
  return { ...decodeInternetCell(Math.floor(k / 10)), sexo, raca };
}

export interface InternetMargin {
  /** survey/year/axis/segment, unique. */
  id: string;
  fonte: string;
  ano: number;
  eixo: 'total' | 'regiao' | 'situacao' | 'sexo' | 'raca' | 'escolaridade' | 'renda' | 'idade';
  segmento: string;
  /** As published, percent of persons 10+ (of the age group for age rows). */
  publicado: number;
  /** ajuste: the fit reaches for it; fora_da_amostra: held out, only scored. */
  uso: 'ajuste' | 'fora_da_amostra';
  /** TIC Domicílios rows are compared after the level shift (case: nivel); PNAD rows as published. */
  nivel: 'pnad' | 'tic';
  /** Fitted margins: the coefficient they set. */
  coeficiente?: { eixo: EixoAjuste; indice: number };
  /** Weight (0-1) of a count cell in the segment. */
  peso: (c: CountCell) => number;
}

export const FONTE_PNAD = 'IBGE, PNAD Contínua TIC 2023 (pessoas de 10 anos ou mais que usaram a Internet nos últimos 3 meses)';
const fonteTic = (ano: number) => `NIC.br, Pesquisa TIC Domicílios ${ano}, indicador C2 (usuários: último acesso há menos de três meses)`;

const midiaFile = (name: string) => `data/br/midia/${name}`;
const norm = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** TIC segment labels of each axis, in the order of the model's classes (internet-model.ts). */
const TIC_AXES: { tipo: string; eixo: InternetMargin['eixo']; labels: readonly string[]; coef?: EixoAjuste }[] = [
  { tipo: 'grau de instrucao', eixo: 'escolaridade', labels: CLASSES_ESCOLARIDADE, coef: 'escolaridade' },
  { tipo: 'renda familiar', eixo: 'renda', labels: CLASSES_RENDA, coef: 'renda' },
  { tipo: 'faixa etaria', eixo: 'idade', labels: GRUPOS_IDADE_TIC, coef: 'idade' },
  { tipo: 'area', eixo: 'situacao', labels: ['Rural', 'Urbana'] },
  { tipo: 'regiao', eixo: 'regiao', labels: MACRO_REGIOES },
  { tipo: 'sexo', eixo: 'sexo', labels: ['Masculino', 'Feminino'] },
  { tipo: 'cor ou raca', eixo: 'raca', labels: ['Branca', 'Preta', 'Amarela', 'Parda', 'Indígena'] },
];

/** Weight of a cell in class `i` of an axis. */
function axisWeight(eixo: InternetMargin['eixo'], i: number): (c: CountCell) => number {
  switch (eixo) {
    case 'escolaridade': return (c) => (c.escolaridade === i ? 1 : 0);
    case 'renda': return (c) => (c.renda === i ? 1 : 0);
    case 'idade': return (c) => (GRUPO_IDADE_TIC_DA_FAIXA[c.band] === i ? 1 : 0);
    case 'situacao': return (c) => (c.urbano === i ? 1 : 0);
    case 'regiao': return (c) => (c.regiao === i ? 1 : 0);
    case 'sexo': return (c) => (c.sexo === i ? 1 : 0);
    case 'raca': return (c) => (c.raca === i ? 1 : 0);
    case 'total': return () => 1;
  }
}

function ticMargins(): InternetMargin[] {
  const { header, rows } = readCsv(midiaFile('cetic_tic_domicilios.csv'));
  const c = columns(header, ['year', 'indicator_code', 'segment_type', 'segment', 'measure', 'value_pct'] as const, 'cetic_tic_domicilios.csv');
  const out: InternetMargin[] = [];
  for (const r of rows) {
    if (r[c.indicator_code] !== 'C2' || !r[c.measure].startsWith('Há menos de três meses')) continue;
    const ano = Number(r[c.year]);
    const axis = TIC_AXES.find((a) => a.tipo === norm(r[c.segment_type]));
    if (!axis) continue;
    const i = axis.labels.findIndex((l) => norm(l).replace(/ /g, '') === norm(r[c.segment]).replace(/ /g, ''));
    if (i < 0) continue;
    const fit = ano === 2020 && axis.coef !== undefined;
    out.push({
      id: `tic${ano}/${axis.eixo}/${axis.labels[i]}`, fonte: fonteTic(ano), ano, eixo: axis.eixo, segmento: axis.labels[i],
      publicado: Number(r[c.value_pct]), uso: fit ? 'ajuste' : 'fora_da_amostra', nivel: 'tic',
      ...(fit ? { coeficiente: { eixo: axis.coef!, indice: i } } : {}), peso: axisWeight(axis.eixo, i),
    });
  }
  return out;
}

/** PNAD TIC 2023 rows: segment label in the CSV -> the model's segment. */
const PNAD_ROWS: { tipo: string; segmento: string; eixo: InternetMargin['eixo']; rotulo: string; coef?: { eixo: EixoAjuste; indice: number }; peso: (c: CountCell) => number }[] = [
  { tipo: 'Total', segmento: 'Total', eixo: 'total', rotulo: 'Total', peso: () => 1 },
  ...MACRO_REGIOES.map((r, i) => ({ tipo: 'Region', segmento: r, eixo: 'regiao' as const, rotulo: r, coef: { eixo: 'regiao' as const, indice: i }, peso: axisWeight('regiao', i) })),
  { tipo: 'Area', segmento: 'Rural', eixo: 'situacao', rotulo: 'Rural', coef: { eixo: 'situacao', indice: 0 }, peso: axisWeight('situacao', 0) },
  { tipo: 'Area', segmento: 'Urbana', eixo: 'situacao', rotulo: 'Urbana', coef: { eixo: 'situacao', indice: 1 }, peso: axisWeight('situacao', 1) },
  { tipo: 'Sex', segmento: 'Homens', eixo: 'sexo', rotulo: 'Homens', peso: axisWeight('sexo', 0) },
  { tipo: 'Sex', segmento: 'Mulheres', eixo: 'sexo', rotulo: 'Mulheres', peso: axisWeight('sexo', 1) },
  { tipo: 'Race', segmento: 'Branca', eixo: 'raca', rotulo: 'Branca', peso: axisWeight('raca', 0) },
  { tipo: 'Race', segmento: 'Preta', eixo: 'raca', rotulo: 'Preta', peso: axisWeight('raca', 1) },
  { tipo: 'Race', segmento: 'Parda', eixo: 'raca', rotulo: 'Parda', peso: axisWeight('raca', 3) },
  // Sem instrução is the model's class 0; superior completo is escolaridade 3 exactly.
  { tipo: 'Schooling', segmento: 'Sem instrucao', eixo: 'escolaridade', rotulo: 'Sem instrução', peso: axisWeight('escolaridade', 0) },
  { tipo: 'Schooling', segmento: 'Superior completo', eixo: 'escolaridade', rotulo: 'Superior completo', peso: axisWeight('escolaridade', 3) },
  // 10-13 against the band 10-14; 25-29 is band 5; 60+ bands 12-16.
  { tipo: 'Age', segmento: '10 a 13 anos', eixo: 'idade', rotulo: '10 a 13 anos (faixa 10-14)', peso: (c) => (c.band === 2 ? 1 : 0) },
  { tipo: 'Age', segmento: '25 a 29 anos', eixo: 'idade', rotulo: '25 a 29 anos', peso: (c) => (c.band === 5 ? 1 : 0) },
  { tipo: 'Age', segmento: '60 anos ou mais', eixo: 'idade', rotulo: '60 anos ou mais', peso: (c) => (c.band >= 12 ? 1 : 0) },
];

function pnadMargins(): InternetMargin[] {
  const { header, rows } = readCsv(midiaFile('manchetes_pnad_tic_pbm.csv'));
  const c = columns(header, ['survey', 'reference_year', 'geography', 'segment_type', 'segment', 'medium', 'measure', 'value'] as const, 'manchetes_pnad_tic_pbm.csv');
  const out: InternetMargin[] = [];
  for (const d of PNAD_ROWS) {
    const r = rows.find((x) => x[c.survey] === 'PNAD Continua TIC' && x[c.reference_year] === '2023' && x[c.medium] === 'internet' &&
      x[c.segment_type] === d.tipo && x[c.segment] === d.segmento && x[c.measure].startsWith('pct persons') &&
      (d.tipo === 'Region' || x[c.geography] === 'Brasil'));
    if (!r) throw new Error(`campaign-sim: PNAD TIC 2023 ${d.tipo} ${d.segmento} not in data/br/midia/manchetes_pnad_tic_pbm.csv`);
    out.push({
      id: `pnad2023/${d.eixo}/${d.rotulo}`, fonte: FONTE_PNAD, ano: 2023, eixo: d.eixo, segmento: d.rotulo, publicado: Number(r[c.value]),
      uso: d.coef ? 'ajuste' : 'fora_da_amostra', nivel: 'pnad', ...(d.coef ? { coeficiente: d.coef } : {}), peso: d.peso,
    });
  }
  return out;
}

/** Every margin of the case: PNAD TIC 2023 first, then TIC Domicílios by year. */
export function internetMargins(): InternetMargin[] {
  return [...pnadMargins(), ...ticMargins().sort((a, b) => a.ano - b.ano)];
}
