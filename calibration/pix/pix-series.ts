// The real Pix series of the Banco Central (data/br/pix, README there): monthly distinct persons
// who paid with Pix (QT_PES_PagadorPF) per UF, and the national stock of persons with a Pix key
// (DICT, users_pf) at each month end, 2020-11 .. 2022-12. The Pix public case fits and judges the
// adoption model against them (docs/model.md, "The Pix case").
import { columns, readCsv } from '../../src/release/csv.js';
import { UF_CODES, type UfCode } from '../../src/release/types.js';

export const PIX_UF_FILE = 'data/br/pix/pix_uf_mensal_202011_202212.csv';
export const PIX_DICT_FILE = 'data/br/pix/pix_usuarios_dict_nacional_202011_202212.csv';

export interface PixSeries {
  /** Months YYYYMM, ascending, 202011 .. 202212. */
  meses: number[];
  ufs: UfCode[];
  /** Monthly paying persons per UF, [uf][month] (persons counted where they paid). */
  pagadores: Record<UfCode, Float64Array>;
  /** Sum of the 27 UFs' payers per month (a person paying in two UFs counts twice, as in the data). */
  pagadoresUfs: Float64Array;
  /** Persons with a Pix key at each month end (DICT, natural persons). */
  chavesPf: Float64Array;
}

/** IBGE UF code (two digits) to UF. */
function ufByIbge(): Map<string, UfCode> {
  const { header, rows } = readCsv('data/br/estados.csv');
  const c = columns(header, ['codigo_uf', 'uf'], 'estados.csv');
  return new Map(rows.map((r) => [r[c.codigo_uf], r[c.uf] as UfCode]));
}

export function loadPixSeries(): PixSeries {
  const byIbge = ufByIbge();
  const uf = readCsv(PIX_UF_FILE);
  const cu = columns(uf.header, ['AnoMes', 'Estado_Ibge', 'QT_PES_PagadorPF'], PIX_UF_FILE);
  const meses = [...new Set(uf.rows.map((r) => Number(r[cu.AnoMes])))].sort((a, b) => a - b);
  const mi = new Map(meses.map((m, i) => [m, i]));
  const pagadores = Object.fromEntries(UF_CODES.map((u) => [u, new Float64Array(meses.length)])) as Record<UfCode, Float64Array>;
  const pagadoresUfs = new Float64Array(meses.length);
  for (const r of uf.rows) {
    const code = byIbge.get(r[cu.Estado_Ibge]);
    if (!code) continue; // "NAO INFORMADO": payers without a UF, left out of every UF and of the sum
    const i = mi.get(Number(r[cu.AnoMes]))!;
    pagadores[code][i] = Number(r[cu.QT_PES_PagadorPF]);
    pagadoresUfs[i] += pagadores[code][i];
  }
  const dict = readCsv(PIX_DICT_FILE);
  const cd = columns(dict.header, ['month_end', 'users_pf'], PIX_DICT_FILE);
  const chavesPf = new Float64Array(meses.length);
  for (const r of dict.rows) {
    const m = Number(r[cd.month_end].slice(0, 4) + r[cd.month_end].slice(5, 7));
    const i = mi.get(m);
    if (i !== undefined) chavesPf[i] = Number(r[cd.users_pf]);
  }
  for (const u of UF_CODES) if (pagadores[u].some((v) => !(v > 0))) throw new Error(`campaign-sim: ${PIX_UF_FILE} lacks a month of ${u}`);
  if (chavesPf.some((v) => !(v > 0))) throw new Error(`campaign-sim: ${PIX_DICT_FILE} lacks a month of ${meses[0]}..${meses.at(-1)}`);
  return { meses, ufs: [...UF_CODES], pagadores, pagadoresUfs, chavesPf };
}

/**
 * The series as it stood at the end of month `fim`: every month after it is cut off, so a fit or
 * a forecast handed this copy cannot read past its window (the holdouts' guarantee).
 */
export function seriesUpTo(s: PixSeries, fim: number): PixSeries {
  const n = s.meses.filter((m) => m <= fim).length;
  if (n === 0) throw new Error(`seriesUpTo: no month of the series is at or before ${fim}`);
  return {
    meses: s.meses.slice(0, n),
    ufs: [...s.ufs],
    pagadores: Object.fromEntries(s.ufs.map((u) => [u, s.pagadores[u].slice(0, n)])) as Record<UfCode, Float64Array>,
    pagadoresUfs: s.pagadoresUfs.slice(0, n),
    chavesPf: s.chavesPf.slice(0, n),
  };
}
