// The published figures the exposure fit reads (calibration/midia/exposure-fit.ts,
// docs/experiments/media-exposure.md): two windows of the same medium (metered open TV in a day
// and a week; radio's daily listeners and 30-day reach; out-of-home's weekly reach and impacts),
// the daily levels and their regional figures, from data/br/midia (habitos_exposicao.csv,
// kantar_alcance_radio.csv, manchetes_pnad_tic_pbm.csv) and the 2022 Census by region. Figures
// printed only in a row's note are read with a pattern that must match, so a changed source
// text fails here rather than feeding the fit a wrong number.
import { readCsv } from '../../src/release/csv.js';
import { loadAgeSex, macroRegionOf, ufInfo } from '../../src/release/data-files.js';
import { MACRO_REGIOES, type UfCode } from '../../src/release/types.js';

export type Regiao = (typeof MACRO_REGIOES)[number];

/** A published figure as the fit reads it: the value, where it comes from and what it measures. */
export interface HabitFigure {
  valor: number;
  fonte: string;
  medida: string;
}

export interface ExposureHabits {
  tv: {
    /** Persons who watched open TV in a day and in a week (millions; Kantar Cross Platform View, October, 15 metros, metered). */
    dia_milhoes: HabitFigure;
    semana_milhoes: HabitFigure;
    /** Persons 4+ with TV represented by one ratings point, 2023 and 2024 (the universe is 100 points). */
    ponto_2023: HabitFigure;
    ponto_2024: HabitFigure;
    /** Households with TV, percent (PNAD TIC 2023). */
    domicilios: Record<'Brasil' | 'Urbana' | 'Rural', HabitFigure>;
    /** Percent who watch TV every day (PBM 2014, 16+), who watch TV at all (same), and of viewers daily (PBM 2016). */
    diaria: HabitFigure;
    assiste: HabitFigure;
    diaria_espectadores_2016: HabitFigure;
    /** Percent of the population who watched linear TV in the year (Kantar Inside Video 2022, 2021, national projection). */
    linear_ano: HabitFigure;
    /** Minutes per weekday among viewers (PBM 2014): Brasil and the regions published. */
    minutos: Partial<Record<Regiao | 'Brasil', HabitFigure>>;
  };
  radio: {
    /** Percent reached in 30 days (Kantar Inside Radio 2022, 13 metros) and percent of those listening daily (3 in 5). */
    alcance_30: HabitFigure;
    diarios_dos_ouvintes: HabitFigure;
    /** Percent who listened in the last 7 days (Kantar TGI 2012, TGI markets). */
    alcance_7: HabitFigure;
    /** Percent who listen every day (PBM 2014): Brasil, South; Rio Grande do Sul. */
    diaria: HabitFigure;
    diaria_sul: HabitFigure;
    diaria_rs: HabitFigure;
    /** PBM 2016: percent who listen, and the share of them who listen daily ("about half"). */
    ouve_2016: HabitFigure;
    /** Households with a radio by region, percent (PNAD TIC 2022). */
    domicilios: Record<Regiao, HabitFigure>;
    /** Kantar Inside Radio 2019: 30-day reach of the metros surveyed by region, and the 13-metro total. */
    regioes_2019: Partial<Record<Regiao, HabitFigure>>;
    total_2019: HabitFigure;
    /** Kantar Inside Radio 2022: 30-day reach by metro market published. */
    mercados_2022: Array<{ mercado: string } & HabitFigure>;
  };
  exterior: {
    /** MapaOOH street furniture: percent who see a face at least once a week, mean impacts a week per person reached. */
    sp: { alcance: HabitFigure; impactos: HabitFigure };
    rio: { alcance: HabitFigure; impactos: HabitFigure };
  };
  /** Persons 15+ by macro-region (2022 Census), the weights of national means over regions. */
  pessoas_15mais: Record<Regiao, number>;
}

const midiaFile = (name: string) => `data/br/midia/${name}`;

type Row = Record<string, string>;

function rowsOf(file: string): Row[] {
  const { header, rows } = readCsv(midiaFile(file));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

/** The one row of `rows` matching every field of `where` (exact values); throws otherwise. */
function only(rows: Row[], file: string, where: Row): Row {
  const hits = rows.filter((r) => Object.entries(where).every(([k, v]) => r[k] === v));
  if (hits.length !== 1) throw new Error(`campaign-sim: ${hits.length} rows of data/br/midia/${file} match ${JSON.stringify(where)}, not 1`);
  return hits[0];
}

/** The number a pattern's first group captures in a row's note (commas as thousands separators). */
function fromNote(row: Row, pattern: RegExp, file: string): number {
  const m = pattern.exec(row.note);
  if (!m) throw new Error(`campaign-sim: the note of a row of data/br/midia/${file} no longer says ${pattern} (${row.note})`);
  return Number(m[1].replace(/,/g, ''));
}

const HABITOS = 'habitos_exposicao.csv';
const MANCHETES = 'manchetes_pnad_tic_pbm.csv';
const KANTAR = 'kantar_alcance_radio.csv';

const sourceOf = (r: Row) => `${r.survey} (${r.publisher}, ${r.reference_year}, ${r.geography})`;
const fig = (r: Row, valor = Number(r.value)): HabitFigure => ({ valor, fonte: sourceOf(r), medida: r.measure });

/** Persons 15+ by macro-region, 2022 Census (populacao_sexo_idade5_2022.csv: bands 15-19 on). */
function persons15PlusByRegion(): Record<Regiao, number> {
  const byCode = new Map<number, UfCode>([...ufInfo().values()].map((u) => [u.codigoUf, u.uf]));
  const out = Object.fromEntries(MACRO_REGIOES.map((r) => [r, 0])) as Record<Regiao, number>;
  for (const [code, a] of loadAgeSex()) {
    const uf = byCode.get(Number(code.slice(0, 2)));
    if (!uf) throw new Error(`campaign-sim: municipality ${code} of populacao_sexo_idade5_2022.csv has no UF in estados.csv`);
    const bands = a.length / 2;
    let n = 0;
    for (let s = 0; s < 2; s++) for (let b = 3; b < bands; b++) n += a[s * bands + b];
    out[MACRO_REGIOES[macroRegionOf(uf)]] += n;
  }
  return out;
}

export function readExposureHabits(): ExposureHabits {
  const h = rowsOf(HABITOS);
  const m = rowsOf(MANCHETES);
  const k = rowsOf(KANTAR);
  const cpv = (measure: string) => only(h, HABITOS, { survey: 'Kantar IBOPE Media Cross Platform View', medium: 'tv_aberta', segment_type: 'Total', measure });
  const ponto = only(h, HABITOS, { survey: 'Kantar IBOPE Media ratings point', reference_year: '2023' });
  const tvMinutes = only(h, HABITOS, { survey: 'Pesquisa Brasileira de Midia 2015', medium: 'tv', measure: 'mean minutes per weekday among viewers' });
  const minute = (name: string) => ({ ...fig(tvMinutes), valor: fromNote(tvMinutes, new RegExp(`${name} (\\d+)`), HABITOS), medida: `${tvMinutes.measure} (${name})` });
  const pbm2014 = (medium: string, measure: string) =>
    only(m, MANCHETES, { survey: 'Pesquisa Brasileira de Midia 2015', reference_year: '2014', segment: 'Total', medium, measure });
  const tvHouseholds = (segment: string) =>
    only(m, MANCHETES, { survey: 'PNAD Continua TIC', reference_year: '2023', segment, medium: 'TV', measure: 'pct households with television' });
  const radioHouseholds = (r: Regiao) =>
    fig(only(m, MANCHETES, { survey: 'PNAD Continua TIC', reference_year: '2022', segment: r, medium: 'radio', measure: 'pct households with radio' }));
  const inside2019 = only(h, HABITOS, { survey: 'Kantar IBOPE Media Inside Radio 2019', measure: 'share of 30-day listeners who listen every day' });
  const kantar = (study: string, market: string) => {
    const r = only(k, KANTAR, { study, market });
    return { valor: Number(r.value_reach_pct), fonte: `Kantar IBOPE Media, ${study}, ${market}`, medida: 'pct of the population reached by radio in 30 days' };
  };
  const total2022 = only(k, KANTAR, { study: 'Inside Radio 2022 (preview)', market: '13 regioes metropolitanas (total)' });
  if (!/3 in 5 listeners listen daily/.test(total2022.note)) throw new Error(`campaign-sim: Kantar Inside Radio 2022's "3 in 5 listeners listen daily" is not in data/br/midia/${KANTAR}`);
  const radio2016 = only(h, HABITOS, { survey: 'Pesquisa Brasileira de Midia 2016', medium: 'radio' });
  if (!/about half of these every day/.test(radio2016.measure)) throw new Error(`campaign-sim: PBM 2016's "about half of these every day" is not in data/br/midia/${HABITOS}`);
  const ooh = (geography: string) => {
    const r = only(h, HABITOS, { medium: 'exterior', geography });
    return { alcance: fig(r), impactos: { ...fig(r, fromNote(r, /mean (\d+) impacts a week per person reached/, HABITOS)), medida: 'mean impacts a week per person reached' } };
  };
  const sulDaily = only(h, HABITOS, { survey: 'Pesquisa Brasileira de Midia 2015', segment: 'Sul', medium: 'radio' });
  return {
    tv: {
      dia_milhoes: fig(cpv('different persons who watched open TV in a single day (metered)')),
      semana_milhoes: fig(cpv('different persons who watched open TV in one week (metered)')),
      ponto_2023: fig(ponto),
      ponto_2024: { ...fig(ponto, fromNote(ponto, /^2024: ([\d,]+)/, HABITOS)), fonte: `${ponto.survey} (${ponto.publisher}, 2024)` },
      domicilios: { Brasil: fig(tvHouseholds('Total')), Urbana: fig(tvHouseholds('Urbana')), Rural: fig(tvHouseholds('Rural')) },
      diaria: fig(pbm2014('TV', 'pct who watch TV every day')),
      assiste: fig(pbm2014('TV', 'pct who watch TV')),
      diaria_espectadores_2016: fig(only(h, HABITOS, { survey: 'Pesquisa Brasileira de Midia 2016', medium: 'tv' })),
      linear_ano: fig(only(h, HABITOS, { survey: 'Kantar IBOPE Media Inside Video 2022' })),
      minutos: { Brasil: fig(tvMinutes), Sudeste: minute('Sudeste'), Nordeste: minute('Nordeste'), Norte: minute('Norte') },
    },
    radio: {
      alcance_30: { valor: Number(total2022.value_reach_pct), fonte: 'Kantar IBOPE Media, Inside Radio 2022 (13 regiões metropolitanas)', medida: 'pct reached in 30 days' },
      diarios_dos_ouvintes: { ...fig(inside2019), fonte: 'Kantar IBOPE Media, Inside Radio 2019 and 2022 (13 regiões metropolitanas): 3 in 5 listeners daily' },
      alcance_7: fig(only(h, HABITOS, { survey: 'Kantar IBOPE Media Target Group Index', medium: 'radio' })),
      diaria: fig(pbm2014('radio', 'pct who listen to radio every day')),
      diaria_sul: fig(sulDaily),
      diaria_rs: fig(only(h, HABITOS, { survey: 'Pesquisa Brasileira de Midia 2015', segment: 'RS', medium: 'radio' })),
      ouve_2016: fig(radio2016),
      domicilios: Object.fromEntries(MACRO_REGIOES.map((r) => [r, radioHouseholds(r)])) as Record<Regiao, HabitFigure>,
      regioes_2019: Object.fromEntries((['Sul', 'Sudeste', 'Nordeste', 'Norte'] as const).map((r) =>
        [r, kantar('Inside Radio 2019', `Regiao ${r} (metros surveyed)`)])),
      total_2019: kantar('Inside Radio 2019', '13 regioes metropolitanas (total)'),
      mercados_2022: k.filter((r) => r.study === 'Inside Radio 2022 (preview)' && !r.market.startsWith('13 ')).map((r) => ({
        mercado: r.market, ...kantar('Inside Radio 2022 (preview)', r.market),
      })),
    },
    exterior: { sp: ooh('Sao Paulo (city)'), rio: ooh('Rio de Janeiro (city)') },
    pessoas_15mais: persons15PlusByRegion(),
  };
}
