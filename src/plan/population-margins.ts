// A description of a release's synthetic population (`campaign-sim release margins`): for each
// axis and segment, the persons aged 10+ and, over them, the share who use the internet and the
// mean daily-use probability of TV, radio and the internet as the release's reception model has
// it (media-habits.ts from v1.5.0; before, the one-day contact probability of the assumed
// affinities at intensidade 1); a release with exposure propensities (v2.0.0 on) has its own
// measures instead, each medium's reach in the two windows its exposure case fitted
// (src/models/recepcao/exposure-margins.ts). UF by UF, so all of Brazil is never held at once.
// docs/population.md ("Population margins") documents the rows.
import { macroRegionOf } from '../release/data-files.js';
import { RECEPCAO_CONTATO_DIARIO } from '../release/manifests.js';
import { ensureUfPopulation } from '../population/population-store.js';
import { checkUfs, openRelease } from '../release/release.js';
import {
  MACRO_REGIOES, NIVEIS_INSTRUCAO, PERSON_ATTRS, personAttr, RACAS, type BuildableRelease, type UfCode,
} from '../release/types.js';
import { dailyUse, usesMediaHabits } from '../models/recepcao/media-habits.js';
import { exposureMarginHabit, exposureMarginTables, MEDIDAS_EXPOSICAO } from '../models/recepcao/exposure-margins.js';
import { usesExposure } from '../models/recepcao/exposure-habits.js';
import { affinity, BASE_CELLS, receptionCell } from '../models/recepcao/reception-profiles.js';

/** The measures of a release without exposure propensities (before v2.0.0). */
export const MEDIDAS_MARGENS = ['internet', 'tv_diaria', 'radio_diaria', 'internet_diaria'] as const;
export type MedidaMargem = (typeof MEDIDAS_MARGENS)[number] | (typeof MEDIDAS_EXPOSICAO)[number]['medida'];

/** A release's measures: internet, then its reception model's (exposure-margins.ts from v2.0.0). */
export function marginMeasures(release: string): readonly MedidaMargem[] {
  return usesExposure(release) ? ['internet', ...MEDIDAS_EXPOSICAO.map((m) => m.medida)] : MEDIDAS_MARGENS;
}

export interface MarginRow {
  eixo: string;
  segmento: string;
  /** Persons aged 10+ of the segment: the base of `valor`. */
  pessoas: number;
  medida: MedidaMargem;
  /** Share (0-1) over the segment's persons 10+; null when it has none. */
  valor: number | null;
}

/** The axes and their segments, in output order. */
export const EIXOS_MARGENS: ReadonlyArray<{ eixo: string; segmentos: readonly string[] }> = [
  { eixo: 'total', segmentos: ['total'] },
  { eixo: 'faixa_etaria_5', segmentos: Array.from({ length: 17 }, (_, i) => String(i)) },
  { eixo: 'sexo', segmentos: ['masculino', 'feminino'] },
  { eixo: 'raca', segmentos: RACAS },
  { eixo: 'escolaridade', segmentos: NIVEIS_INSTRUCAO },
  { eixo: 'renda', segmentos: ['0', '1', '2', '3', '4'] },
  { eixo: 'regiao', segmentos: MACRO_REGIOES },
  { eixo: 'situacao', segmentos: ['urbana', 'rural'] },
];
const OFFSETS = (() => {
  const o: number[] = [];
  let k = 0;
  for (const e of EIXOS_MARGENS) { o.push(k); k += e.segmentos.length; }
  return { start: o, segments: k };
})();

/**
 * Each medida after internet per reception cell (the release's model); with exposure propensities,
 * per cell and habit (habit x BASE_CELLS + cell: exposure-margins.ts).
 */
export function dailyUseTables(release: string): Float64Array[] {
  if (usesExposure(release)) return exposureMarginTables(release);
  const habits = usesMediaHabits(release);
  const media = ['tv', 'radio', 'internet'] as const;
  return media.map((m) => {
    const t = new Float64Array(BASE_CELLS);
    for (let b = 0; b < BASE_CELLS; b++) {
      if (habits) t[b] = dailyUse(m, b);
      // Before media habits: the digital channel stands for the internet.
      else t[b] = 1 - Math.exp(-RECEPCAO_CONTATO_DIARIO * affinity(m === 'internet' ? 'digital' : m, b));
    }
    return t;
  });
}

/** Running sums: per segment, persons 10+ and the sum of each medida. */
export class MarginSums {
  readonly pessoas = new Float64Array(OFFSETS.segments);
  readonly soma: Float64Array[];

  /** `tables`: one per medida after internet; `habits`: indexed by cell and habit (a release with exposure propensities). */
  constructor(private readonly tables: Float64Array[], private readonly medidas: readonly MedidaMargem[] = MEDIDAS_MARGENS, private readonly habits = false) {
    this.soma = medidas.map(() => new Float64Array(OFFSETS.segments));
  }

  /** Adds the persons 10+ of a population part whose households lie in one macro-region. */
  add(part: { age5: Uint8Array; attrs: Uint16Array; hhStart: Uint32Array; hhTract: Uint32Array; tractUrban: Uint8Array }, regiao: number): void {
    const seg = new Int32Array(EIXOS_MARGENS.length);
    const nH = part.hhTract.length;
    for (let h = 0; h < nH; h++) {
      const urbano = part.tractUrban[part.hhTract[h]] === 1;
      for (let i = part.hhStart[h]; i < part.hhStart[h + 1]; i++) {
        const band = part.age5[i];
        if (band < 2) continue;
        const a = part.attrs[i];
        const cell = receptionCell(band, a, urbano);
        seg[0] = 0;
        seg[1] = OFFSETS.start[1] + band;
        seg[2] = OFFSETS.start[2] + personAttr(a, PERSON_ATTRS.sexo);
        seg[3] = OFFSETS.start[3] + personAttr(a, PERSON_ATTRS.raca);
        seg[4] = OFFSETS.start[4] + personAttr(a, PERSON_ATTRS.escolaridade);
        seg[5] = OFFSETS.start[5] + personAttr(a, PERSON_ATTRS.renda);
        seg[6] = OFFSETS.start[6] + regiao;
        seg[7] = OFFSETS.start[7] + (urbano ? 0 : 1);
        const at = this.habits ? exposureMarginHabit(personAttr(a, PERSON_ATTRS.tv), regiao) * BASE_CELLS + cell : cell;
        const v0 = personAttr(a, PERSON_ATTRS.internet);
        for (const s of seg) {
          this.pessoas[s]++;
          this.soma[0][s] += v0;
          for (let m = 1; m < this.soma.length; m++) this.soma[m][s] += this.tables[m - 1][at];
        }
      }
    }
  }

  /** Adds another part's sums (the same tables). */
  merge(o: MarginSums): void {
    for (let s = 0; s < OFFSETS.segments; s++) {
      this.pessoas[s] += o.pessoas[s];
      for (let m = 0; m < this.soma.length; m++) this.soma[m][s] += o.soma[m][s];
    }
  }

  rows(): MarginRow[] {
    const out: MarginRow[] = [];
    EIXOS_MARGENS.forEach((e, k) => e.segmentos.forEach((segmento, j) => {
      const s = OFFSETS.start[k] + j;
      this.medidas.forEach((medida, m) => {
        const n = this.pessoas[s];
        out.push({ eixo: e.eixo, segmento, pessoas: n, medida, valor: n > 0 ? this.soma[m][s] / n : null });
      });
    }));
    return out;
  }
}

/**
 * The margins of a release's population over the listed UFs (all offered when left out): each
 * UF is loaded (built on first use) and dropped in turn; `onUf` receives each UF's own rows.
 * release_unavailable for an unknown release or UF.
 */
export async function populationMargins(
  version: string, ufs?: readonly string[], onUf?: (uf: UfCode, rows: MarginRow[]) => void,
): Promise<MarginRow[]> {
  const rel = openRelease(version) as BuildableRelease;
  const list = ufs ? checkUfs(rel.manifest, ufs) : [...rel.ufs];
  const tables = dailyUseTables(rel.version);
  const medidas = marginMeasures(rel.version);
  const habits = usesExposure(rel.version);
  const sums = new MarginSums(tables, medidas, habits);
  for (const uf of rel.ufs.filter((u) => list.includes(u)) as UfCode[]) {
    const one = new MarginSums(tables, medidas, habits);
    one.add(await ensureUfPopulation(rel, uf, undefined, false, false), macroRegionOf(uf));
    onUf?.(uf, one.rows());
    sums.merge(one);
  }
  return sums.rows();
}
