// The published media-use figures the midia case scores against the built population's margins
// (src/plan/population-margins.ts), and the UF internet figures of PNAD TIC 2023. Decided before
// the population was measured: the survey levels the media habits are built from (PBM 2014 daily TV
// and radio, PNAD 2023 daily internet among users) are `ajuste` (they check the construction, not
// the data); Kantar's daily radio in its metropolitan markets and the three published UFs are
// held out (Kantar's 30-day reach, 83%, is an input there: the share of radio users,
// src/release/media-users.ts). The PBM publishes no daily use by age or schooling in the data here
// (only TV minutes, which the habits read), so no gradient is scored.
import { columns, readCsv } from '../../src/release/csv.js';
import type { MarginRow } from '../../src/plan/population-margins.js';
import { projectPath } from '../../src/project-path.js';
import type { UfCode } from '../../src/release/types.js';

export interface MediaFigure {
  id: string;
  fonte: string;
  ano: number;
  medida: 'tv_diaria' | 'radio_diaria' | 'internet_diaria';
  segmento: string;
  publicado: number;
  uso: 'ajuste' | 'fora_da_amostra';
  /** The model's percent from the national margin rows. */
  modelo: (rows: MarginRow[]) => number;
}

const midiaFile = (name: string) => projectPath('data', 'br', 'midia', name);

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

function pbm(rows: string[][], c: Record<'survey' | 'reference_year' | 'segment' | 'medium' | 'measure' | 'value', number>, medium: string, measure: string): number {
  const r = rows.find((x) => x[c.survey] === 'Pesquisa Brasileira de Midia 2015' && x[c.reference_year] === '2014' && x[c.segment] === 'Total' &&
    x[c.medium] === medium && x[c.measure] === measure);
  if (!r) throw new Error(`campaign-sim: PBM 2015 ${medium} "${measure}" not in data/br/midia/manchetes_pnad_tic_pbm.csv`);
  return Number(r[c.value]);
}

export function mediaFigures(): MediaFigure[] {
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
    { id: 'pbm2014/tv_diaria/16+', fonte: PBM, ano: 2014, medida: 'tv_diaria', segmento: '16+ (faixas 15+)', publicado: pbm(rows, c, 'TV', 'pct who watch TV every day'), uso: 'ajuste', modelo: (r) => meanFromBand(r, 'tv_diaria', 3) },
    { id: 'pbm2014/radio_diaria/16+', fonte: PBM, ano: 2014, medida: 'radio_diaria', segmento: '16+ (faixas 15+)', publicado: pbm(rows, c, 'radio', 'pct who listen to radio every day'), uso: 'ajuste', modelo: (r) => meanFromBand(r, 'radio_diaria', 3) },
    {
      id: 'pnad2023/internet_diaria/usuarios', fonte: 'IBGE, PNAD Contínua TIC 2023', ano: 2023, medida: 'internet_diaria', segmento: 'usuários de internet (10+)',
      publicado: Number(daily[c.value]), uso: 'ajuste', modelo: (r) => (100 * total(r, 'internet_diaria')) / total(r, 'internet'),
    },
    {
      // Kantar: 83% reached in 30 days, 3 in 5 of them daily: about 49.8% daily, metropolitan areas only.
      id: 'kantar2022/radio_diaria/13 regioes metropolitanas', fonte: 'Kantar IBOPE Media, Inside Radio 2022 (13 regiões metropolitanas)', ano: 2022,
      medida: 'radio_diaria', segmento: '13 regiões metropolitanas (3/5 dos 83% alcançados em 30 dias)',
      publicado: Number(((3 / 5) * Number(metros[k.value_reach_pct])).toFixed(1)), uso: 'fora_da_amostra', modelo: (r) => 100 * total(r, 'radio_diaria'),
    },
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
