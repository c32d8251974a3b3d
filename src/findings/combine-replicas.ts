// Streaming reduction of the per-replica counts of a job into its stored result (JobResult).
// Each ReplicaResult is read once when it arrives (any order) and can be dropped afterwards:
// the combiner keeps sums, sums of squares and, per cell, the privacy reasons over replicas.
// The privacy rule itself lives in privacy.ts; here we only say which cells form margins.

import type { Medida, Scenario } from '../contract/types.js';
import type { ReplicaResult } from '../pool/replica-result.js';
import { ServiceError } from '../errors.js';
import { GRID_AXES, gridAxisValues, gridCellCount } from '../release/publication-grid.js';
import { audienceByAxis } from './audience-cells.js';
import {
  aggregateMotivo, buildMargins, mergeMotivos, suppressReplica, type Margins,
} from './privacy.js';
import {
  FORMATO_RESULTADO, type AlcanceBlock, type JobResult, type RespostaBlock, type SaturacaoBlock,
  type SetoresBlock, type TotaisBlock,
} from './job-result.js';

export interface CombineOptions {
  /** Municipality name by 7-digit code (stored in the result for the `municipios` of responses). */
  nomeMunicipio?: (codigo: string) => string | undefined;
  /** Synthetic residents of a tract (15 digits); undefined when unknown. Needed for the tract error. */
  populacaoSetor?: (codigo: string) => number | undefined;
}

export interface ReplicaCombiner {
  add(r: ReplicaResult): void;
  finish(): JobResult;
}

/**
 * Linear identities between the reception measures, which the kernel keeps exactly (checked on
 * real runs): everyone reached responds once (alcance = ignora + absorve + repassa + rejeita) and
 * reach is social or measured media exposure (alcance + exposta_midia_ambas = exposta_social +
 * exposta_midia_medida). Each is a margin: one hidden measure among published others would be
 * recoverable. Returns the index sets over `medidas` of the identities whose measures all appear.
 */
export function measureIdentities(medidas: readonly Medida[]): number[][] {
  const sets: Medida[][] = [
    ['alcance', 'ignora', 'absorve', 'repassa', 'rejeita'],
    ['alcance', 'exposta_midia_ambas', 'exposta_social', 'exposta_midia_medida'],
  ];
  return sets.filter((s) => s.every((m) => medidas.includes(m))).map((s) => s.map((m) => medidas.indexOf(m)));
}

function fail(message: string): never {
  throw new ServiceError('internal_error', `combineReplicas: ${message}`);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

interface Layout {
  unidades: string[];
  semanas: number;
  medidas: Medida[]; // measure axis of the ReplicaResults
  grade: ReplicaResult['grade'];
  canais: string[];
}

/** Saturacao rows: which grid cells each row sums and the margins between rows. */
interface SaturacaoPlan {
  medidas: Medida[];
  medIdx: number[]; // index into the ReplicaResult measure axis
  linhas: number;
  temPublico: boolean;
  /** cellRow[a][cell]: row of axis a's value for the cell. */
  cellRow: Uint16Array[];
  audiencia: Uint8Array; // 1 when the cell is in the audience
  margens: Margins; // over [linha][medida]
  margensPopulacao: Margins; // over [linha]
}

function planSaturacao(cenario: Scenario, layout: Layout): SaturacaoPlan {
  const medidas = cenario.kpis.filter((k) => layout.medidas.includes(k)) as Medida[];
  const medIdx = medidas.map((m) => layout.medidas.indexOf(m));
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
  const M = medidas.length;
  const margins: number[][] = [];
  for (let m = 0; m < M; m++) for (const rows of rowMargins) margins.push(rows.map((r) => r * M + m));
  for (const parts of measureIdentities(medidas)) {
    for (let r = 0; r < linhas; r++) margins.push(parts.map((m) => r * M + m));
  }
  return {
    medidas, medIdx, linhas, temPublico, cellRow, audiencia,
    margens: buildMargins(linhas * M, margins),
    margensPopulacao: buildMargins(linhas, rowMargins),
  };
}

const emptyMargins = new Map<number, Margins>();
/** Cells with no margin between them: the k rule alone. */
function noMargins(n: number): Margins {
  let m = emptyMargins.get(n);
  if (!m) {
    m = buildMargins(n, []);
    emptyMargins.set(n, m);
  }
  return m;
}

class Acc {
  readonly soma: Float64Array;
  readonly somaQuad: Float64Array;
  readonly motivo: Uint8Array;
  private readonly scratch: Uint8Array;
  constructor(readonly n: number, withSquares = true) {
    this.soma = new Float64Array(n);
    this.somaQuad = withSquares ? new Float64Array(n) : new Float64Array(0);
    this.motivo = new Uint8Array(n);
    this.scratch = new Uint8Array(n);
  }
  /** One replica's values of cells offset..offset+margins.nCells, suppressed over `margins`. */
  add(values: ArrayLike<number>, margins: Margins, offset = 0): void {
    const n = margins.nCells;
    const rep = this.scratch.subarray(0, n);
    suppressReplica(values, margins, rep);
    mergeMotivos(this.motivo, rep, offset);
    const sq = this.somaQuad.length > 0;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      this.soma[offset + i] += v;
      if (sq) this.somaQuad[offset + i] += v * v;
    }
  }
}

interface VariantState {
  seen: Set<number>;
  totais: TotaisBlock;
  totaisMotivo: Acc; // k rule on unit totals (variants other than plano)
  respostas: Map<string, RespostaState>;
}

interface RespostaState {
  unidades: string[];
  acc: Acc;
  margens: Margins;
  totalPorReplica: Float64Array;
  motivoTotal: Uint8Array;
  base: Acc;
  margensBase: Margins;
  baseTotal: number;
  motivoBaseTotal: number;
}

export function createCombiner(cenario: Scenario, opts: CombineOptions = {}): ReplicaCombiner {
  const R = cenario.replicas;
  let layout: Layout | null = null;
  let plan: SaturacaoPlan | null = null;
  const variants = new Map<string, VariantState>();
  let sat: { acc: Acc; pop: Acc } | null = null;
  let alc: { freq: Acc; reach: Acc; canais: string[] } | null = null;
  let set: {
    soma: Uint32Array; motivo: Uint8Array; grupos: number[][]; identidades: number[][];
    margens: Map<number, Margins>; setores: string[]; tipos: string[];
  } | null = null;

  function initLayout(r: ReplicaResult): Layout {
    return { unidades: [...r.unidades], semanas: r.semanas, medidas: [...r.medidas], grade: r.grade, canais: [...r.canais] };
  }

  function checkLayout(r: ReplicaResult, l: Layout): void {
    if (r.semanas !== l.semanas || r.grade !== l.grade || !sameList(r.unidades, l.unidades) || !sameList(r.medidas, l.medidas) || !sameList(r.canais, l.canais)) {
      fail(`replica ${r.replica} of ${r.variante} has a different layout (units, weeks, measures, grid or channels) from the first one`);
    }
    const U = l.unidades.length;
    const C = gridCellCount(l.grade);
    const want = (name: string, arr: ArrayLike<number> | undefined, n: number) => {
      if (!arr || arr.length !== n) fail(`${name} of ${r.variante}/${r.replica} has ${arr?.length ?? 'no'} entries, expected ${n}`);
    };
    want('serie', r.serie, U * l.semanas * l.medidas.length);
    want('seriePublico', r.seriePublico, U * l.semanas * l.medidas.length);
    want('celulas', r.celulas, U * C * l.medidas.length);
    want('celulasPopulacao', r.celulasPopulacao, U * C);
  }

  function variantState(name: string, l: Layout, p: SaturacaoPlan): VariantState {
    let v = variants.get(name);
    if (!v) {
      const U = l.unidades.length;
      const M = p.medidas.length;
      v = {
        seen: new Set(),
        totais: { porReplica: new Uint32Array(R * U * M), motivo: new Uint8Array(U * M) },
        totaisMotivo: new Acc(U * M, false),
        respostas: new Map(),
      };
      variants.set(name, v);
    }
    return v;
  }

  function addSaturacao(r: ReplicaResult, l: Layout, p: SaturacaoPlan): void {
    const U = l.unidades.length;
    const M = p.medidas.length;
    const nMed = l.medidas.length;
    const C = gridCellCount(l.grade);
    const L = p.linhas;
    if (!sat) sat = { acc: new Acc(U * L * M), pop: new Acc(U * L) };
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
        const base = (u * C + c) * nMed;
        for (let m = 0; m < M; m++) {
          const x = r.celulas[base + p.medIdx[m]];
          if (x === 0) continue;
          vals[m] += x;
          if (inAud) vals[M + m] += x;
          for (const rows of p.cellRow) vals[rows[c] * M + m] += x;
        }
      }
      // The grid must add up to the unit's totals, or the margins below would not hold.
      const last = (u * l.semanas + l.semanas - 1) * nMed;
      for (let m = 0; m < M; m++) {
        if (vals[m] !== r.serie[last + p.medIdx[m]]) {
          fail(`grid cells of ${l.unidades[u]} sum to ${vals[m]} ${p.medidas[m]} but serie says ${r.serie[last + p.medIdx[m]]} (${r.variante}/${r.replica})`);
        }
        if (p.temPublico && vals[M + m] !== r.seriePublico[last + p.medIdx[m]]) {
          fail(`audience cells of ${l.unidades[u]} sum to ${vals[M + m]} ${p.medidas[m]} but seriePublico says ${r.seriePublico[last + p.medIdx[m]]}; the grid cell order may differ from src/findings/grid.ts`);
        }
      }
      if (pops[0] !== r.populacao[u]) fail(`grid population of ${l.unidades[u]} is ${pops[0]}, populacao says ${r.populacao[u]}`);
      if (!p.temPublico) {
        // Row 1 is not published: keep it out of the privacy rule.
        for (let m = 0; m < M; m++) vals[M + m] = 0;
        pops[1] = 0;
      }
      sat.acc.add(vals, p.margens, u * L * M);
      sat.pop.add(pops, p.margensPopulacao, u * L);
    }
  }

  function addAlcance(r: ReplicaResult, l: Layout): void {
    if (!r.frequencia || !r.alcancavel) fail(`reception replica ${r.variante}/${r.replica} lacks frequencia or alcancavel`);
    const U = l.unidades.length;
    const Kc = l.canais.length;
    if (r.frequencia.length !== U * (Kc + 1) * 2 || r.alcancavel.length !== U * Kc) fail('frequencia or alcancavel has the wrong size');
    if (!alc) alc = { freq: new Acc(U * (Kc + 1) * 2), reach: new Acc(U * Kc), canais: l.canais };
    // Reached >= 1, >= 3 and reachable are not sums of one another: the k rule alone.
    alc.freq.add(r.frequencia, noMargins(r.frequencia.length));
    alc.reach.add(r.alcancavel, noMargins(r.alcancavel.length));
  }

  function addSetores(r: ReplicaResult, l: Layout): void {
    const setores = r.setores!;
    const tipos = r.tipos ?? [];
    const W = l.semanas;
    const T = tipos.length;
    if (!r.porSetor || r.porSetor.length !== setores.length * W * T) fail('porSetor has the wrong size');
    if (!set) {
      const byMun = new Map<string, number[]>();
      setores.forEach((s, i) => {
        const m = s.slice(0, 7);
        if (!byMun.has(m)) byMun.set(m, []);
        byMun.get(m)!.push(i);
      });
      const n = setores.length * W * T;
      set = {
        soma: new Uint32Array(n), motivo: new Uint8Array(n), grupos: [...byMun.values()],
        identidades: measureIdentities(tipos as Medida[]), margens: new Map(), setores: [...setores], tipos: [...tipos],
      };
    } else if (!sameList(set.setores, setores) || !sameList(set.tipos, tipos)) {
      fail('tracts or event types differ between replicas');
    }
    const st = set;
    // Margins never cross a (municipality, week) block: the tracts of one municipality add up,
    // per week and type, to the municipality's count, which other tables and answers may
    // publish; and, per tract and week, the identities between measures. So the rule runs
    // block by block over cells [tract of the municipality][type].
    const marginsFor = (k: number): Margins => {
      let m = st.margens.get(k);
      if (!m) {
        const list: number[][] = [];
        for (let t = 0; t < T; t++) list.push(Array.from({ length: k }, (_, j) => j * T + t));
        for (let j = 0; j < k; j++) for (const parts of st.identidades) list.push(parts.map((t) => j * T + t));
        m = buildMargins(k * T, list);
        st.margens.set(k, m);
      }
      return m;
    };
    const src = r.porSetor;
    for (const idx of st.grupos) {
      const margins = marginsFor(idx.length);
      const vals = new Uint32Array(idx.length * T);
      const rep = new Uint8Array(idx.length * T);
      for (let w = 0; w < W; w++) {
        idx.forEach((i, j) => vals.set(src.subarray((i * W + w) * T, (i * W + w + 1) * T), j * T));
        suppressReplica(vals, margins, rep);
        idx.forEach((i, j) => {
          const at = (i * W + w) * T;
          for (let t = 0; t < T; t++) {
            st.soma[at + t] += vals[j * T + t];
            const m = rep[j * T + t];
            if (m !== 0 && (st.motivo[at + t] === 0 || m < st.motivo[at + t])) st.motivo[at + t] = m;
          }
        });
      }
    }
  }

  function addRespostas(r: ReplicaResult, v: VariantState, W: number): void {
    for (const [key, q] of Object.entries(r.respostas ?? {})) {
      const U = q.unidades.length;
      if (q.contagens.length !== U * W || q.base.length !== U) fail(`respostas.${key} has the wrong size`);
      let s = v.respostas.get(key);
      if (!s) {
        // Per week, the units of the territory add up to the answer's total.
        const margins: number[][] = [];
        for (let w = 0; w < W; w++) margins.push(Array.from({ length: U }, (_, u) => u * W + w));
        s = {
          unidades: [...q.unidades],
          acc: new Acc(U * W),
          margens: buildMargins(U * W, margins),
          totalPorReplica: new Float64Array(R * W),
          motivoTotal: new Uint8Array(W),
          base: new Acc(U, false),
          margensBase: buildMargins(U, [Array.from({ length: U }, (_, u) => u)]),
          baseTotal: 0,
          motivoBaseTotal: 0,
        };
        v.respostas.set(key, s);
      } else if (!sameList(s.unidades, q.unidades)) fail(`respostas.${key} units differ between replicas`);
      s.acc.add(q.contagens, s.margens);
      for (let w = 0; w < W; w++) {
        let t = 0;
        for (let u = 0; u < U; u++) t += q.contagens[u * W + w];
        s.totalPorReplica[r.replica * W + w] = t;
        const m = aggregateMotivo(q.contagens, w, U, W);
        if (m !== 0 && (s.motivoTotal[w] === 0 || m < s.motivoTotal[w])) s.motivoTotal[w] = m;
      }
      s.base.add(q.base, s.margensBase);
      let bt = 0;
      for (let u = 0; u < U; u++) bt += q.base[u];
      s.baseTotal += bt;
      const mb = aggregateMotivo(q.base, 0, U, 1);
      if (mb !== 0 && (s.motivoBaseTotal === 0 || mb < s.motivoBaseTotal)) s.motivoBaseTotal = mb;
    }
  }

  return {
    add(r: ReplicaResult): void {
      if (r === null || typeof r !== 'object' || !(r.serie instanceof Uint32Array) || typeof r.variante !== 'string') {
        fail('an item is not a ReplicaResult (from simulate(), pass Object.values(result.variantes).flat())');
      }
      if (!layout) {
        layout = initLayout(r);
        plan = planSaturacao(cenario, layout);
      }
      checkLayout(r, layout);
      const l = layout;
      const p = plan!;
      if (!Number.isInteger(r.replica) || r.replica < 0 || r.replica >= R) fail(`replica ${r.replica} outside 0..${R - 1}`);
      const v = variantState(r.variante, l, p);
      if (v.seen.has(r.replica)) fail(`replica ${r.replica} of ${r.variante} arrived twice`);
      v.seen.add(r.replica);

      const U = l.unidades.length;
      const M = p.medidas.length;
      const nMed = l.medidas.length;
      const tot = new Float64Array(U * M);
      for (let u = 0; u < U; u++) {
        const last = (u * l.semanas + l.semanas - 1) * nMed;
        for (let m = 0; m < M; m++) tot[u * M + m] = r.serie[last + p.medIdx[m]];
      }
      v.totais.porReplica.set(tot, r.replica * U * M);
      v.totaisMotivo.add(tot, noMargins(U * M));

      if (r.variante === 'plano') {
        addSaturacao(r, l, p);
        if (cenario.familia === 'recepcao') addAlcance(r, l);
        if (r.setores) addSetores(r, l);
      }
      addRespostas(r, v, l.semanas);
    },

    finish(): JobResult {
      if (!layout || !plan) fail('no replica was added');
      const l = layout as Layout;
      const p = plan as SaturacaoPlan;
      const plano = variants.get('plano');
      if (!plano || !sat) fail('the plano variant is missing');
      for (const [name, v] of variants) {
        if (v.seen.size !== R) fail(`variant ${name} has ${v.seen.size} of ${R} replicas`);
      }
      const U = l.unidades.length;
      const M = p.medidas.length;
      const L = p.linhas;
      const s = sat!;
      const saturacao: SaturacaoBlock = {
        medidas: p.medidas, linhas: L, temPublico: p.temPublico,
        soma: s.acc.soma, somaQuad: s.acc.somaQuad, motivo: s.acc.motivo,
        populacao: s.pop.soma, motivoPopulacao: s.pop.motivo,
      };
      const totais: Record<string, TotaisBlock> = {};
      for (const [name, v] of variants) {
        if (name === 'plano') {
          // The plano totals are the saturacao total rows: one status for one published number.
          for (let u = 0; u < U; u++) for (let m = 0; m < M; m++) v.totais.motivo[u * M + m] = s.acc.motivo[u * L * M + m];
        } else v.totais.motivo.set(v.totaisMotivo.motivo);
        totais[name] = v.totais;
      }
      let alcance: AlcanceBlock | null = null;
      if (alc) {
        const a = alc as { freq: Acc; reach: Acc; canais: string[] };
        alcance = {
          canais: a.canais,
          soma: a.freq.soma, somaQuad: a.freq.somaQuad, motivo: a.freq.motivo,
          alcancavelSoma: a.reach.soma, alcancavelSomaQuad: a.reach.somaQuad, alcancavelMotivo: a.reach.motivo,
        };
      }
      let setores: SetoresBlock | null = null;
      if (set) {
        const st = set as { soma: Uint32Array; motivo: Uint8Array; setores: string[]; tipos: string[] };
        const populacao = new Int32Array(st.setores.length).fill(-1);
        st.setores.forEach((c, i) => {
          const n = opts.populacaoSetor?.(c);
          if (n !== undefined && Number.isFinite(n) && n >= 0) populacao[i] = Math.round(n);
        });
        setores = { setores: st.setores, tipos: st.tipos, semanas: l.semanas, soma: st.soma, motivo: st.motivo, populacao };
      } else if (cenario.saida_por_setor) fail('the scenario asked for saida_por_setor but the replicas carry no per-tract counts');
      const respostas: Record<string, Record<string, RespostaBlock>> = {};
      for (const [name, v] of variants) {
        if (v.respostas.size === 0) continue;
        respostas[name] = {};
        for (const [key, q] of v.respostas) {
          respostas[name][key] = {
            unidades: q.unidades, semanas: l.semanas,
            soma: q.acc.soma, somaQuad: q.acc.somaQuad, motivo: q.acc.motivo,
            totalPorReplica: q.totalPorReplica, motivoTotal: q.motivoTotal,
            base: q.base.soma, motivoBase: q.base.motivo, baseTotal: q.baseTotal, motivoBaseTotal: q.motivoBaseTotal,
          };
        }
      }
      const municipios: Record<string, string> = {};
      const codes = new Set(l.unidades.map((u) => u.slice(0, 7)));
      for (const c of set?.setores ?? []) codes.add(c.slice(0, 7));
      for (const c of [...codes].sort()) {
        const nome = opts.nomeMunicipio?.(c);
        if (nome) municipios[c] = nome;
      }
      const order = ['plano', ...[...variants.keys()].filter((x) => x !== 'plano').sort()];
      return {
        formato: FORMATO_RESULTADO,
        release: cenario.release,
        cenario,
        replicas: R,
        semanas: l.semanas,
        unidades: l.unidades,
        grade: l.grade,
        canais: l.canais,
        variantes: order,
        municipios,
        saturacao,
        totais,
        alcance,
        setores,
        respostas,
      };
    },
  };
}

/** Combines every (replica, variant) result of a job; see createCombiner for the streaming form. */
export function combineReplicas(cenario: Scenario, replicas: Iterable<ReplicaResult>, opts: CombineOptions = {}): JobResult {
  const c = createCombiner(cenario, opts);
  for (const r of replicas) c.add(r);
  return c.finish();
}
