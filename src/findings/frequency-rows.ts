// The frequency distribution of a reception job as tidy rows (Simulation.frequency(), `campaign-sim
// export --frequencia`): per unit, channel (and `qualquer`, any channel) and frequency f = 1 .. 10
// (10: 10 or more), the audience's persons reached at least f times and exactly f times, their share
// of the audience, and whether f reaches the user's effective-frequency threshold (limiar, default
// 3). The counts are the stored alcance block's (the kernel's per-person contacts), under the
// privacy rule unless asked raw; a result stored before 2026-12-03 keeps 1+ and 3+ only.
import { ServiceError } from '../errors.js';
import { audience, reachColumns } from './findings-tables.js';
import type { JobResult } from './job-result.js';
import { publishCell } from './privacy.js';
import { tidy } from './stats.js';
import { csvLines, type PublishableRow } from './tidy-weekly-rows.js';
import { unitsAreAreas } from './units.js';

export interface FrequencyRow extends PublishableRow {
  municipio: string;
  /** 10-digit weighting-area code when the scenario lists aps, else null. */
  area_ponderacao: string | null;
  /** A channel of the job, or qualquer (any channel: contacts summed over the channels). */
  canal: string;
  /** f, 1 to 10 (10: 10 or more contacts). */
  frequencia: number;
  /** The unit's audience; null when the privacy rule hides it. */
  publico: number | null;
  /** Persons of the audience reached at least f times (mean over replicas). */
  alcance: number | null;
  /** Persons reached exactly f times (f = 10: 10 or more); null when a bound is hidden or not kept. */
  exato: number | null;
  /** alcance / publico. */
  parte: number | null;
  /** f >= the effective-frequency threshold. */
  efetiva: boolean;
  /** Why alcance is hidden (the privacy rule's reason), else null. */
  motivo: string | null;
}

export const FREQUENCY_COLUMNS = [
  'municipio', 'area_ponderacao', 'canal', 'frequencia', 'publico', 'alcance', 'exato', 'parte', 'efetiva', 'motivo', 'publicavel',
] as const satisfies ReadonlyArray<keyof FrequencyRow>;

export interface FrequencyOptions {
  /** The effective frequency: rows with f >= limiar are efetiva (default 3, the alcance_efetivo table's). */
  limiar?: number;
  /** Unsuppressed counts for one's own machine: every row publicavel: false. */
  raw?: boolean;
}

/** The highest frequency the rows have: the kernel's last column (10 or more). */
const MAX_F = 10;

/** The frequency rows of a reception result (none for a family without media). */
export function frequencyRows(result: JobResult, opts: FrequencyOptions = {}): FrequencyRow[] {
  const limiar = opts.limiar ?? 3;
  if (!Number.isInteger(limiar) || limiar < 1 || limiar > MAX_F) {
    throw new ServiceError('invalid_request', `limiar: the effective frequency is a whole number from 1 to ${MAX_F}, not ${limiar}`);
  }
  const a = result.alcance;
  if (!a) return [];
  const R = result.replicas;
  const raw = opts.raw === true;
  const areas = unitsAreAreas(result);
  const kept = a.colunas === undefined ? [1, 3] : Array.from({ length: MAX_F }, (_, i) => i + 1);
  const rows: FrequencyRow[] = [];
  result.unidades.forEach((unit, u) => {
    const aud = audience(result, u);
    const publico = raw ? tidy(aud.mean) : aud.cell.n;
    for (let k = 0; k <= a.canais.length; k++) {
      const at = reachColumns(a, u, k);
      const value = (f: number) => {
        const i = at(f);
        return raw ? { n: tidy(a.soma[i] / R), motivo: null } : publishCell(a.soma[i], R, a.motivo[i]);
      };
      for (const f of kept) {
        const here = value(f);
        const next = f === MAX_F ? { n: 0, motivo: null } : kept.includes(f + 1) ? value(f + 1) : null;
        rows.push({
          municipio: unit.slice(0, 7),
          area_ponderacao: areas ? unit : null,
          canal: k < a.canais.length ? a.canais[k] : 'qualquer',
          frequencia: f,
          publico,
          alcance: here.n,
          exato: here.n !== null && next?.n != null ? tidy(here.n - next.n) : null,
          parte: here.n !== null && publico !== null && aud.mean > 0 ? tidy(here.n / aud.mean) : null,
          efetiva: f >= limiar,
          motivo: here.motivo,
          publicavel: !raw,
        });
      }
    }
  });
  return rows;
}

/** The CSV lines of frequency rows, header first. */
export function frequencyCsvLines(rows: Iterable<FrequencyRow>): Generator<string> {
  return csvLines(FREQUENCY_COLUMNS, rows);
}
