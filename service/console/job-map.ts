// What the job page's map shows (views/job.eta, static/mapa.js): every municipality of the job
// (src/findings/municipal-shares.ts, no row limit) coloured by the class of its saturation among
// the scenario's audience (its publico row; the whole population when that is the audience: a map
// of the whole population's share showed 38-61% where the audience was wholly reached), the
// legend of the classes (its scale), and the same values as a table beside the map, readable
// without a mouse. Colours: ColorBrewer "Blues" (sequential, 5 classes); grey where no value.
import { municipalShares, type JobResult } from '../../src/findings/index.js';
import { boundariesUrl } from './municipal-boundaries.js';

const BLUES = ['#eff3ff', '#bdd7e7', '#6baed6', '#3182bd', '#08519c'] as const;
export const NO_VALUE_COLOUR = '#bbbbbb';

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

export interface MapClass { cor: string; de: string; ate: string }
export interface MapRow { municipio: string; nome: string; parte: string; cor: string; motivo: string | null }
export interface JobMap {
  medida: string;
  /** Whether the shares are of the scenario's audience (false: the audience is the whole population). */
  publico: boolean;
  /** The boundaries of each UF of the job (municipal-boundaries.ts). */
  geo: string[];
  /** Fill colour per municipality code: the script colours exactly these (one shape each). */
  cores: Record<string, string>;
  faixas: MapClass[];
  linhas: MapRow[];
}

const MOTIVO_TEXT: Record<string, string> = {
  menor_que_k: 'escondido (contagem pequena)',
  complementar: 'escondido (complementar)',
  varias_areas: 'várias áreas de ponderação: veja a tabela de achados',
};

/** The map of `medida` among the audience of each of the job's municipalities: five classes of equal width from the smallest value to the largest. */
export function jobMap(result: JobResult, medida: string): JobMap {
  const shares = municipalShares(result, medida, { publico: true });
  const values = shares.map((s) => s.parte).filter((v): v is number => v !== null);
  // the scale spans the values, rounded out to whole percents (at least 1% wide): a map of
  // values that differ little still tells them apart
  const low = values.length > 0 ? Math.floor(Math.min(...values) * 100) / 100 : 0;
  const top = Math.max(low + 0.01, Math.ceil(Math.max(0, ...values) * 100) / 100);
  const width = (top - low) / BLUES.length;
  const classOf = (v: number) => Math.min(BLUES.length - 1, Math.max(0, Math.floor((v - low) / width)));
  const faixas = BLUES.map((cor, i) => ({ cor, de: percent.format(low + i * width), ate: percent.format(low + (i + 1) * width) }));
  const linhas = shares.map((s) => ({
    municipio: s.municipio,
    nome: s.nome ?? s.municipio,
    parte: s.parte === null ? MOTIVO_TEXT[s.motivo ?? ''] ?? 'sem valor' : percent.format(s.parte),
    cor: s.parte === null ? NO_VALUE_COLOUR : BLUES[classOf(s.parte)],
    motivo: s.motivo,
  }));
  return {
    medida,
    publico: result.saturacao.temPublico,
    geo: [...new Set(result.unidades.map((u) => u.slice(0, 2)))].map(boundariesUrl),
    cores: Object.fromEntries(linhas.map((l) => [l.municipio, l.cor])),
    faixas,
    linhas,
  };
}
