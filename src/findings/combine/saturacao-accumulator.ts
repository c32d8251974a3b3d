// The saturacao block (plano only): per unit, horizon counts of each KPI in row 0 (total), row 1
// (the audience) and one row per value of each grid axis, with their populations. Rows are sums
// of grid cells; the margins say which row sets add up to a published total.
import type { Medida, Scenario } from '../../contract/types.js';
import type { ReplicaResult } from '../../pool/replica-result.js';
import { GRID_AXES, gridAxisValues, gridCellCount } from '../../release/publication-grid.js';
import { audienceByAxis } from '../audience-cells.js';
import type { SaturacaoBlock } from '../job-result.js';
import { buildMargins, type Margins } from '../privacy.js';
import { fail } from './combine-checks.js';
import { measureIdentities } from './measure-identities.js';
import type { KeptMeasures, ReplicaLayout } from './replica-layout.js';
import { ReplicaSums } from './replica-sums.js';

/** Saturacao rows: which grid cells each row sums and the margins between rows. */
interface SaturacaoRows {
  linhas: number;
  temPublico: boolean;
  /** cellRow[a][cell]: row of axis a's value for the cell. */
  cellRow: Uint16Array[];
  audiencia: Uint8Array; // 1 when the cell is in the audience
  margens: Margins; // over [linha][medida]
  margensPopulacao: Margins; // over [linha]
}

function saturacaoRows(cenario: Scenario, layout: ReplicaLayout, medidas: readonly Medida[]): SaturacaoRows {
  const axes = GRID_AXES[layout.grade];
  const values = gridAxisValues(layout.grade);
  const nCells = gridCellCount(layout.grade);
  const rowStart: number[] = [];
  let linhas = 2;
  for (const a of axes) {
    rowStart.push(linhas);
    linhas += a.rotulos.length;
  }
  const cellRow = axes.map((_, a) => {
    const out = new Uint16Array(nCells);
    for (let c = 0; c < nCells; c++) out[c] = rowStart[a] + values[a][c];
    return out;
  });
  const aud = audienceByAxis(layout.grade, cenario.publico);
  const audiencia = new Uint8Array(nCells);
  for (let c = 0; c < nCells; c++) audiencia[c] = aud.every((s, a) => s === null || s.has(values[a][c])) ? 1 : 0;
  const restricted = aud.map((s, a) => (s ? a : -1)).filter((a) => a >= 0);
  const temPublico = restricted.length > 0;

  // Row sets whose sums are published: total = sum of each axis's rows; with the audience cut
  // on one axis only, publico = sum of the chosen rows of that axis.
  const rowMargins: number[][] = axes.map((a, i) => [0, ...a.rotulos.map((_, v) => rowStart[i] + v)]);
  if (restricted.length === 1) {
    const a = restricted[0];
    rowMargins.push([1, ...[...aud[a]!].sort((x, y) => x - y).map((v) => rowStart[a] + v)]);
  }
  return { linhas, temPublico, cellRow, audiencia, margensPopulacao: buildMargins(linhas, rowMargins), margens: countMargins(rowMargins, linhas, medidas) };
}

/** Margins over [linha][medida]: the row margins for each measure, then per row the identities between measures. */
function countMargins(rowMargins: number[][], linhas: number, medidas: readonly Medida[]): Margins {
  const M = medidas.length;
  const margins: number[][] = [];
  for (let m = 0; m < M; m++) for (const rows of rowMargins) margins.push(rows.map((r) => r * M + m));
  for (const parts of measureIdentities(medidas)) {
    for (let r = 0; r < linhas; r++) margins.push(parts.map((m) => r * M + m));
  }
  return buildMargins(linhas * M, margins);
}

export class SaturacaoAccumulator {
  private readonly rows: SaturacaoRows;
  private sums: { counts: ReplicaSums; pop: ReplicaSums } | null = null;

  constructor(cenario: Scenario, private readonly layout: ReplicaLayout, private readonly kept: KeptMeasures) {
    this.rows = saturacaoRows(cenario, layout, kept.medidas);
  }

  get linhas(): number {
    return this.rows.linhas;
  }

  add(r: ReplicaResult): void {
    const l = this.layout;
    const p = this.rows;
    const { medidas, medIdx } = this.kept;
    const U = l.unidades.length;
    const M = medidas.length;
    const nMed = l.medidas.length;
    if (r.celulasPopulacao.length === 0) fail(`${r.variante}/${r.replica} carries no grid cells (simulate() counts them for plano)`);
    // each kept measure's place on the cells' own measure axis
    const nCel = r.medidasCelulas.length;
    const celIdx = medidas.map((m) => {
      const k = r.medidasCelulas.indexOf(m);
      return k >= 0 ? k : fail(`the grid cells of ${r.variante}/${r.replica} have no ${m} (they have ${r.medidasCelulas.join(', ') || 'none'})`);
    });
    const C = gridCellCount(l.grade);
    const L = p.linhas;
    const sums = (this.sums ??= { counts: new ReplicaSums(U * L * M), pop: new ReplicaSums(U * L) });
    const vals = new Float64Array(L * M);
    const pops = new Float64Array(L);
    for (let u = 0; u < U; u++) {
      vals.fill(0);
      pops.fill(0);
      for (let c = 0; c < C; c++) {
        const pc = r.celulasPopulacao[u * C + c];
        const inAud = p.audiencia[c] === 1;
        pops[0] += pc;
        if (inAud) pops[1] += pc;
        for (const rows of p.cellRow) pops[rows[c]] += pc;
        const base = (u * C + c) * nCel;
        for (let m = 0; m < M; m++) {
          const x = r.celulas[base + celIdx[m]];
          if (x === 0) continue;
          vals[m] += x;
          if (inAud) vals[M + m] += x;
          for (const rows of p.cellRow) vals[rows[c] * M + m] += x;
        }
      }
      // The grid must add up to the unit's totals, or the margins below would not hold.
      const last = (u * l.semanas + l.semanas - 1) * nMed;
      for (let m = 0; m < M; m++) {
        if (vals[m] !== r.serie[last + medIdx[m]]) {
          fail(`grid cells of ${l.unidades[u]} sum to ${vals[m]} ${medidas[m]} but serie says ${r.serie[last + medIdx[m]]} (${r.variante}/${r.replica})`);
        }
        if (p.temPublico && vals[M + m] !== r.seriePublico[last + medIdx[m]]) {
          fail(`audience cells of ${l.unidades[u]} sum to ${vals[M + m]} ${medidas[m]} but seriePublico says ${r.seriePublico[last + medIdx[m]]}; the grid cell order may differ from src/release/publication-grid.ts`);
        }
      }
      if (pops[0] !== r.populacao[u]) fail(`grid population of ${l.unidades[u]} is ${pops[0]}, populacao says ${r.populacao[u]}`);
      if (!p.temPublico) {
        // Row 1 is not published: keep it out of the privacy rule.
        for (let m = 0; m < M; m++) vals[M + m] = 0;
        pops[1] = 0;
      }
      sums.counts.add(vals, p.margens, u * L * M);
      sums.pop.add(pops, p.margensPopulacao, u * L);
    }
  }

  finish(): SaturacaoBlock {
    const s = this.sums ?? fail('the plano variant is missing');
    return {
      medidas: this.kept.medidas, linhas: this.rows.linhas, temPublico: this.rows.temPublico,
      soma: s.counts.soma, somaQuad: s.counts.somaQuad, motivo: s.counts.motivo,
      populacao: s.pop.soma, motivoPopulacao: s.pop.motivo,
    };
  }
}
