// The spread over replicas as data (Simulation.bands(), `simulate --bands FILE`): per variant,
// measure and week (and, asked `por: 'municipio'`, per unit), the mean, the lowest and highest
// replica and the quantiles asked, one row each, dated and named. Read from the dated weekly rows
// (tidy-weekly-rows.ts), so a band is over the same published counts the CSV holds: over the
// territory each replica's sum of the published unit counts (hidden cells left out and counted,
// as in weekly-bands.ts, which draws the same min-max in the chart), per unit the unit's counts,
// empty when the privacy rule hides the cell (it is hidden in every replica of its variant).
import { contractError } from '../errors.js';
import type { TidyWeeklyRow } from '../findings/tidy-weekly-rows.js';
import { csvLine } from './csv-cells.js';

export interface BandsOptions {
  /** Quantiles over replicas, each in [0, 1] (default 0.05, 0.5, 0.95). */
  quantis?: readonly number[];
  /** 'territorio' (default): the sum over the job's units; 'municipio': each unit apart. */
  por?: 'territorio' | 'municipio';
}

export interface BandRow {
  /** ISO date of the week's last simulated day. */
  data: string;
  semana: number;
  /** The unit (with `por: 'municipio'`), null over the territory. */
  municipio: string | null;
  municipio_nome: string | null;
  uf: string | null;
  area_ponderacao: string | null;
  variante: string;
  medida: string;
  /** Replicas the statistics are over. */
  replicas: number;
  /** Persons; null when the privacy rule hides the unit's cell. */
  media: number | null;
  minimo: number | null;
  maximo: number | null;
  /** Cells (unit x replica) hidden by the privacy rule and left out of this row's sums. */
  escondidas: number;
  publicavel: boolean;
  /** Each quantile asked, by its column name (quantileColumn: 0.05 -> q05): the type-7 quantile over replicas. */
  [quantil: `q${string}`]: number | null;
}

export const DEFAULT_QUANTIS: readonly number[] = [0.05, 0.5, 0.95];

/** The column of quantile q: `q` and its percent, two digits at least (0.05 -> q05, 0.5 -> q50, 0.975 -> q97.5). */
export function quantileColumn(q: number): string {
  const pct = Number((q * 100).toPrecision(12));
  return `q${pct < 10 ? '0' : ''}${pct}`;
}

/**
 * The q-quantile of sorted values by linear interpolation between order statistics (Hyndman and
 * Fan's type 7, the default of R's quantile() and NumPy's): a few lines, where a statistics
 * package would load much more than this (mathjs takes a second to import).
 */
export function quantileOfSorted(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  return lo + 1 < sorted.length ? sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]) : sorted[lo];
}

/** Statistics of persons to 4 decimals: the interpolation's binary noise (144121.60000000003) is not data. */
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

function checkedQuantis(quantis: readonly number[]): number[] {
  if (!Array.isArray(quantis) || quantis.length === 0 || quantis.some((q) => typeof q !== 'number' || !(q >= 0 && q <= 1))) {
    throw contractError('wrong_type', 'quantis', `quantis must be a non-empty list of numbers from 0 to 1, got ${JSON.stringify(quantis)}`);
  }
  return [...new Set(quantis)].sort((a, b) => a - b);
}

interface Group {
  first: TidyWeeklyRow;
  /** [semana - 1]: per replica (by replica number) the value, or the sum over the units. */
  weeks: Array<{ data: string; porReplica: Map<number, number>; hidden: number; nulls: boolean }>;
}

/** Band rows in the order of variant, measure (and unit), then week: what a chart or a table reads in turn. */
export function replicaBands(rows: Iterable<TidyWeeklyRow>, opts: BandsOptions = {}): BandRow[] {
  const quantis = checkedQuantis(opts.quantis ?? DEFAULT_QUANTIS);
  const perUnit = opts.por === 'municipio';
  if (opts.por !== undefined && opts.por !== 'territorio' && !perUnit) {
    throw contractError('wrong_type', 'por', `por must be territorio or municipio, got ${JSON.stringify(opts.por)}`);
  }
  const groups = new Map<string, Group>();
  const replicas = new Set<number>();
  for (const r of rows) {
    const unit = perUnit ? (r.area_ponderacao ?? r.municipio) : '';
    const key = `${r.variante}\u0000${r.medida}\u0000${unit}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { first: r, weeks: [] }));
    const w = (g.weeks[r.semana - 1] ??= { data: r.data, porReplica: new Map(), hidden: 0, nulls: false });
    replicas.add(r.replica);
    if (r.valor === null) {
      w.hidden++;
      w.nulls = true;
      if (!perUnit) w.porReplica.set(r.replica, w.porReplica.get(r.replica) ?? 0);
    } else w.porReplica.set(r.replica, (w.porReplica.get(r.replica) ?? 0) + r.valor);
  }
  const out: BandRow[] = [];
  for (const { first, weeks } of groups.values()) {
    weeks.forEach((w, i) => {
      // a replica without a row of this week counts 0 over the territory (its units published nothing)
      const values = [...replicas].map((rep) => w.porReplica.get(rep) ?? 0).sort((a, b) => a - b);
      const hidden = perUnit && w.nulls;
      out.push({
        data: w.data,
        semana: i + 1,
        municipio: perUnit ? first.municipio : null,
        municipio_nome: perUnit ? first.municipio_nome : null,
        uf: perUnit ? first.uf : null,
        area_ponderacao: perUnit ? first.area_ponderacao : null,
        variante: first.variante,
        medida: first.medida,
        replicas: replicas.size,
        media: hidden ? null : round4(values.reduce((a, b) => a + b, 0) / values.length),
        minimo: hidden ? null : values[0],
        maximo: hidden ? null : values[values.length - 1],
        escondidas: w.hidden,
        publicavel: first.publicavel,
        ...Object.fromEntries(quantis.map((q) => [quantileColumn(q), hidden ? null : round4(quantileOfSorted(values, q))])),
      });
    });
  }
  return out;
}

const LEADING = ['data', 'semana', 'municipio', 'municipio_nome', 'uf', 'area_ponderacao', 'variante', 'medida', 'replicas', 'media', 'minimo'] as const;

/** The band rows as CSV, header first: the columns of BandRow, the quantiles between minimo and maximo. */
export function* bandCsvLines(rows: Iterable<BandRow>, quantis: readonly number[] = DEFAULT_QUANTIS): Generator<string> {
  const names = checkedQuantis(quantis).map((q) => quantileColumn(q) as `q${string}`);
  yield csvLine([...LEADING, ...names, 'maximo', 'escondidas', 'publicavel']);
  for (const r of rows) yield csvLine([...LEADING.map((c) => r[c]), ...names.map((n) => r[n]), r.maximo, r.escondidas, r.publicavel]);
}
