// The published media-use figures the midia case scores against the built population's margins
// (src/plan/population-margins.ts), and the UF internet figures of PNAD TIC 2023. Decided before
// the population was measured: the survey levels the media habits are built from (PBM 2014 daily TV
// and radio, PNAD 2023 daily internet among users) are `ajuste` (they check the construction, not
// the data); Kantar's daily radio in its metropolitan markets and the three published UFs are
// held out (Kantar's 30-day reach, 83%, is an input there: the share of radio users,
// src/population/media-users.ts). v1.5.0's case reads no daily-use gradient ("the PBM publishes no daily
// use by age or schooling in the data here"), which holds for TV and radio only: the PBM's daily
// internet use by schooling is in the data (72% with higher education, 5% up to the 4th grade, 37%
// overall), and from case edition 2 (v1.6.0 on) it is scored, held out, after a logit shift of its
// total to the model's level. It was added after v1.5.0's fit, which reads none of the PBM's
// internet figures; no daily TV or radio use by age or schooling is in the data.
import { columns, readCsv } from '../../src/release/csv.js';
import type { MarginRow } from '../../src/plan/population-margins.js';
import type { UfCode } from '../../src/release/types.js';

/** What the bench measured on the built population of the release (src/plan/population-margins.ts); the midia case records it. */
export interface MidiaPopulation {
  release: string;
  /** The national margin rows (all UFs). */
  margens: MarginRow[];
  /** Per UF: persons 10+ and their share of internet users. */
  ufs: Array<{ uf: UfCode; pessoas: number; internet: number }>;
  /** Edition 2: persons 15+ (the PBM's 16+) by the spec's schooling level and their mean internet_diaria. */
  escolaridade_15mais?: Array<{ segmento: string; pessoas: number; internet_diaria: number }>;
}

export interface MediaFigure {
  id: string;
  fonte: string;
  ano: number;
  medida: 'tv_diaria' | 'radio_diaria' | 'internet_diaria';
  eixo: 'total' | 'escolaridade';
  segmento: string;
  publicado: number;
  uso: 'ajuste' | 'fora_da_amostra';
  /** The model's percent from the measured population. */
  modelo: (pop: MidiaPopulation) => number;
  /** The percent the model is compared with and its logit shift; the published value when absent. */
  comparado?: (pop: MidiaPopulation) => { valor: number; deslocamento: number };
}

const midiaFile = (name: string) => `data/br/midia/${name}`;

/** Mean of a medida over the persons of bands `from`..16 (15+ stands for the PBM's 16+). */
function meanFromBand(rows: MarginRow[], medida: MarginRow['medida'], from: number): number {
  let num = 0, den = 0;
  for (const r of rows) {
    if (r.eixo !== 'faixa_etaria_5' || r.medida !== medida || Number(r.segmento) < from || r.valor === null) continue;
    num += r.pessoas * r.valor;
    den += r.pessoas;
  }
  return (100 * num) / den;
}

const total = (rows: MarginRow[], medida: MarginRow['medida']) => rows.find((r) => r.eixo === 'total' && r.medida === medida)!.valor!;

function pbm(
  rows: string[][], c: Record<'survey' | 'reference_year' | 'segment' | 'medium' | 'measure' | 'value', number>, medium: string, measure: string, segment = 'Total',
): number {
  const r = rows.find((x) => x[c.survey] === 'Pesquisa Brasileira de Midia 2015' && x[c.reference_year] === '2014' && x[c.segment] === segment &&
    x[c.medium] === medium && x[c.measure] === measure);
  if (!r) throw new Error(`campaign-sim: PBM 2015 ${medium} ${segment} "${measure}" not in data/br/midia/manchetes_pnad_tic_pbm.csv`);
  return Number(r[c.value]);
}

const logit = (p: number) => Math.log(p / (1 - p));
const expit = (x: number) => 1 / (1 + Math.exp(-x));

/** Persons 15+ of the measured population (edition 2), by the spec's schooling level or all of them. */
function schooling15(pop: MidiaPopulation, segmento?: string): { pessoas: number; internet_diaria: number } {
  const rows = pop.escolaridade_15mais;
  if (!rows) throw new Error(`campaign-sim: the midia population of ${pop.release} has no escolaridade_15mais (bench/lib/measure-midia.ts)`);
  const sel = rows.filter((r) => segmento === undefined || r.segmento === segmento);
  const pessoas = sel.reduce((s, r) => s + r.pessoas, 0);
  return { pessoas, internet_diaria: sel.reduce((s, r) => s + r.pessoas * r.internet_diaria, 0) / pessoas };
}

/**
 * The PBM's daily internet use by schooling (persons 16+, Nov 2014), held out: each published
 * value shifted on the logit scale by the one number that takes the PBM total (37%, when 48% used
 * the internet at all) to the model's daily use of persons 15+ (PNAD 2023's level), as TIC rows are
 * shifted to PNAD's: the gradient is the survey's, the level the model's. Schooling as the spec
 * stores it: "Superior" against superior_completo, "Até 4ª série" against fundamental_incompleto,
 * which also holds those who went past the 4th grade without completing fundamental (so the model's
 * segment is the more connected one).
 */
function pbmInternetBySchooling(rows: string[][], c: Parameters<typeof pbm>[1], fonte: string): MediaFigure[] {
  const total = pbm(rows, c, 'internet', 'pct who use internet every day') / 100;
  const shift = (pop: MidiaPopulation) => logit(schooling15(pop).internet_diaria) - logit(total);
  return [['Superior', 'superior_completo'], ['Ate 4a serie', 'fundamental_incompleto']].map(([segment, nivel]) => {
    const publicado = pbm(rows, c, 'internet', 'pct who use internet every day', segment);
    return {
      id: `pbm2014/internet_diaria/escolaridade/${segment}`, fonte, ano: 2014, medida: 'internet_diaria' as const, eixo: 'escolaridade' as const,
      segmento: `${segment} (${nivel}, 15+)`, publicado, uso: 'fora_da_amostra' as const,
      modelo: (pop: MidiaPopulation) => 100 * schooling15(pop, nivel).internet_diaria,
      comparado: (pop: MidiaPopulation) => {
        const d = shift(pop);
        return { valor: 100 * expit(logit(publicado / 100) + d), deslocamento: d };
      },
    };
  });
}

/** The media figures of a midia case edition (midia-case.ts caseEdition): 2 adds the PBM's daily internet use by schooling. */
export function mediaFigures(edicao: 1 | 2): MediaFigure[] {
  const { header, rows } = readCsv(midiaFile('manchetes_pnad_tic_pbm.csv'));
  const c = columns(header, ['survey', 'reference_year', 'segment', 'medium', 'measure', 'value'] as const, 'manchetes_pnad_tic_pbm.csv');
  const daily = rows.find((x) => x[c.survey] === 'PNAD Continua TIC' && x[c.reference_year] === '2023' && x[c.measure] === 'pct of internet users who used it every day');
  if (!daily) throw new Error('campaign-sim: PNAD TIC 2023 daily internet use not in data/br/midia/manchetes_pnad_tic_pbm.csv');
  const kantar = readCsv(midiaFile('kantar_alcance_radio.csv'));
  const k = columns(kantar.header, ['study', 'market', 'value_reach_pct', 'note'] as const, 'kantar_alcance_radio.csv');
  const metros = kantar.rows.find((x) => x[k.study] === 'Inside Radio 2022 (preview)' && x[k.market] === '13 regioes metropolitanas (total)');
  if (!metros || !/3 in 5 listeners listen daily/.test(metros[k.note])) throw new Error('campaign-sim: Kantar Inside Radio 2022 total not in data/br/midia/kantar_alcance_radio.csv');
  const PBM = 'Secom/PR, Pesquisa Brasileira de Mídia 2015 (campo IBOPE, nov. 2014, pessoas de 16 anos ou mais)';
  return [
    { id: 'pbm2014/tv_diaria/16+', fonte: PBM, ano: 2014, medida: 'tv_diaria', eixo: 'total', segmento: '16+ (faixas 15+)', publicado: pbm(rows, c, 'TV', 'pct who watch TV every day'), uso: 'ajuste', modelo: (p) => meanFromBand(p.margens, 'tv_diaria', 3) },
    { id: 'pbm2014/radio_diaria/16+', fonte: PBM, ano: 2014, medida: 'radio_diaria', eixo: 'total', segmento: '16+ (faixas 15+)', publicado: pbm(rows, c, 'radio', 'pct who listen to radio every day'), uso: 'ajuste', modelo: (p) => meanFromBand(p.margens, 'radio_diaria', 3) },
    {
      id: 'pnad2023/internet_diaria/usuarios', fonte: 'IBGE, PNAD Contínua TIC 2023', ano: 2023, medida: 'internet_diaria', eixo: 'total', segmento: 'usuários de internet (10+)',
      publicado: Number(daily[c.value]), uso: 'ajuste', modelo: (p) => (100 * total(p.margens, 'internet_diaria')) / total(p.margens, 'internet'),
    },
    {
      // Kantar: 83% reached in 30 days, 3 in 5 of them daily: about 49.8% daily, metropolitan areas only.
      id: 'kantar2022/radio_diaria/13 regioes metropolitanas', fonte: 'Kantar IBOPE Media, Inside Radio 2022 (13 regiões metropolitanas)', ano: 2022,
      medida: 'radio_diaria', eixo: 'total', segmento: '13 regiões metropolitanas (3/5 dos 83% alcançados em 30 dias)',
      publicado: Number(((3 / 5) * Number(metros[k.value_reach_pct])).toFixed(1)), uso: 'fora_da_amostra', modelo: (p) => 100 * total(p.margens, 'radio_diaria'),
    },
    ...(edicao === 2 ? pbmInternetBySchooling(rows, c, PBM) : []),
  ];
}

/** PNAD TIC 2023 internet use of persons 10+ of the UFs the data publish (held out). */
export function ufInternetFigures(): Array<{ uf: UfCode; publicado: number }> {
  const { header, rows } = readCsv(midiaFile('manchetes_pnad_tic_pbm.csv'));
  const c = columns(header, ['survey', 'reference_year', 'segment_type', 'segment', 'medium', 'measure', 'value'] as const, 'manchetes_pnad_tic_pbm.csv');
  return rows
    .filter((x) => x[c.survey] === 'PNAD Continua TIC' && x[c.reference_year] === '2023' && x[c.segment_type] === 'UF' && x[c.medium] === 'internet' &&
      x[c.measure] === 'pct persons 10+ who used internet in last 3 months')
    .map((x) => ({ uf: x[c.segment] as UfCode, publicado: Number(x[c.value]) }));
}
