// Reduces a finished task's per-person event days to counts (DESIGN 5): per unit x week x
// measure (whole population and audience), per grid cell at the horizon, media frequency and
// reachability (reception), per tract x week x measure (saida_por_setor), per question, and per
// unit x day when a calibration round asks (spec.diario).
// Every count is cumulative: persons with the event by the end of the week.
import { ABI } from '../kernel/abi.js';
import type { KernelPlan } from '../kernel/kernel-plan.js';
import type { KernelPopulation } from '../kernel/kernel-population.js';
import type { KernelInstance, RunTables } from '../kernel/instance.js';
import { modelFor } from '../models/model-registry.js';
import type { ReduceSpec } from '../plan/types.js';
import { ageGroupOf, gridCellCount } from '../release/publication-grid.js';
import { PERSON_ATTRS, personAttr } from '../release/types.js';
import type { TaskCounts } from './messages.js';

const A = PERSON_ATTRS;

/** Cache entries kept per segment of the task (one population and plan each). */
const CACHED_PER_SEGMENT = 4;

/** The segment's households and persons, as a cache key within a population. */
const segmentKey = (seg: StateSegment) => `${seg.h0}-${seg.h1}@${seg.p0}`;

/** Turns per-week new counts into cumulative counts along the week axis of [outer][week][inner]. */
function cumulate(a: Uint32Array, outer: number, weeks: number, inner: number): void {
  for (let o = 0; o < outer; o++) {
    for (let w = 1; w < weeks; w++) {
      const at = (o * weeks + w) * inner;
      const prev = at - inner;
      for (let k = 0; k < inner; k++) a[at + k] += a[prev + k];
    }
  }
}

/** A finished task's state for households [h0, h1) whose first person is p0 (one per shard), in the kernel instance that ran them. */
export interface StateSegment {
  h0: number;
  h1: number;
  p0: number;
  inst: KernelInstance;
}

/** The counts that depend on the population and plan only, not on a task's state. */
interface PlanCounts {
  populacao: Uint32Array;
  publico: Uint32Array;
  celulasPopulacao: Uint32Array;
  /** A family with the alcance block: audience members per unit x affinity cell (alcancavel per variant from it). */
  publicoCelula?: Uint32Array;
}

const planCountCache = new Map<string, PlanCounts>();

/** PlanCounts of a plan over a segment's persons, once per plan and segment in each thread (every task of a job shares them). */
function planCounts(pop: KernelPopulation, plan: KernelPlan, spec: ReduceSpec, seg: StateSegment, segments: number): PlanCounts {
  const k = `${pop.id}|${plan.id}|${spec.grade}|${segmentKey(seg)}`;
  let pc = planCountCache.get(k);
  if (pc) return pc;
  if (planCountCache.size >= CACHED_PER_SEGMENT * segments) planCountCache.clear();
  const U = spec.nUnidades;
  const C = gridCellCount(spec.grade);
  const K = plan.nCells;
  const reach = modelFor(spec.familia).blocos.includes('alcance');
  pc = {
    populacao: new Uint32Array(U),
    publico: new Uint32Array(U),
    celulasPopulacao: new Uint32Array(U * C),
    publicoCelula: reach ? new Uint32Array(U * K) : undefined,
  };
  const { populacao, publico, celulasPopulacao, publicoCelula } = pc;
  const aud = spec.publico;
  const cells = plan.gridCell;
  const affinityCell = plan.cell;
  // a unit's persons by grid cell and audience members by affinity cell in tables of the unit's own
  // (5.6 KB for the principal grid), folded into the job's when the unit changes: counted straight
  // into the job's (31 MB for Brazil's municipalities), each person was a cache miss (SP: 0.72 s)
  const ofUnit = new Uint32Array(C);
  const audienceOfUnit = new Uint32Array(publicoCelula ? K : 0);
  const fold = (u: number) => {
    foldInto(celulasPopulacao, u * C, ofUnit);
    if (publicoCelula) foldInto(publicoCelula, u * K, audienceOfUnit);
  };
  let unit = -1;
  forEachUnitRun(pop, spec, seg, (i0, i1, u) => {
    if (u !== unit && unit >= 0) fold(unit);
    unit = u;
    populacao[u] += i1 - i0;
    let members = 0;
    for (let i = i0; i < i1; i++) {
      ofUnit[cells[i]]++;
      members += aud[i];
    }
    publico[u] += members;
    // the plan's affinity cells: a person outside the audience adds 0, to a cell without the audience bit
    if (affinityCell) for (let i = i0; i < i1; i++) audienceOfUnit[affinityCell[i]] += aud[i];
  });
  if (unit >= 0) fold(unit);
  planCountCache.set(k, pc);
  return pc;
}

/** Adds `from` to `to` at offset `at` and zeroes it (most of a small unit's entries are 0). */
function foldInto(to: Uint32Array, at: number, from: Uint32Array): void {
  for (let k = 0; k < from.length; k++) {
    const n = from[k];
    if (n === 0) continue;
    to[at + k] += n;
    from[k] = 0;
  }
}

/**
 * The segments' PlanCounts summed (new arrays: the reply's are transferred, the cache keeps its
 * own); celulasPopulacao empty unless `cells` (a task that counts no grid cells).
 */
function sumPlanCounts(each: readonly PlanCounts[], cells: boolean): PlanCounts {
  const sum = (pick: (pc: PlanCounts) => Uint32Array | undefined): Uint32Array | undefined => {
    const first = pick(each[0]);
    if (!first) return undefined;
    const out = first.slice();
    for (const pc of each.slice(1)) {
      const a = pick(pc)!;
      for (let j = 0; j < out.length; j++) out[j] += a[j];
    }
    return out;
  };
  return {
    populacao: sum((pc) => pc.populacao)!,
    publico: sum((pc) => pc.publico)!,
    celulasPopulacao: cells ? sum((pc) => pc.celulasPopulacao)! : new Uint32Array(0),
    publicoCelula: sum((pc) => pc.publicoCelula),
  };
}

interface EventCounts {
  serie: Uint32Array;
  seriePublico: Uint32Array;
  celulas: Uint32Array;
  porSetor?: Uint32Array;
  serieDiaria?: Uint32Array;
  M: number;
}

/**
 * Calls `fn` for each run of consecutive households of a segment in one unit and one published
 * tract index (u < 0: outside the job's units), with its persons [i0, i1) in the whole
 * population's numbering. Households of a unit lie together, so the runs are long and the
 * per-person loops below keep their unit, tract and rows in registers (about a quarter less CPU
 * than a loop per household; docs/experiments/scale-out.md, "2026-11-26: parts claimed by their thread, cuts for threads, a faster reduction").
 */
function forEachUnitRun(pop: KernelPopulation, spec: ReduceSpec, seg: StateSegment, fn: (i0: number, i1: number, u: number, s: number) => void): void {
  const { hhStart, hhTract } = pop;
  const { unidadeDoSetor, setorIndice } = spec;
  let h = seg.h0;
  while (h < seg.h1) {
    const t = hhTract[h];
    const u = unidadeDoSetor[t];
    const s = setorIndice ? setorIndice[t] : -1;
    let h1 = h + 1;
    for (; h1 < seg.h1; h1++) {
      const t1 = hhTract[h1];
      if (t1 !== t && (unidadeDoSetor[t1] !== u || (setorIndice !== undefined && setorIndice[t1] !== s))) break;
    }
    if (u >= 0) fn(hhStart[h], hhStart[h1], u, s);
    h = h1;
  }
}

/** What settleRun and settleUnit fold the kernel's run tables (assembly/reduce.ts) into. */
interface RunContext {
  out: EventCounts;
  W: number;
  D: number;
  frequencia?: Uint32Array;
  tables: RunTables;
  /** The measures whose cells the task keeps (the kernel counts every measure); null: no cells. */
  cellMeasures: Int32Array | null;
  /** Each day's week (0-based), days 0..D. */
  semanaDoDia: Uint16Array;
}

/**
 * Adds a run's counts by day (days 1..last) of unit u and tract row s (< 0: none) to the job's
 * series and clears them: the kernel counted each person in the table of the audience or in that
 * of the others, so the whole population's count is the two added.
 */
function settleRun(r: RunContext, u: number, s: number, last: number): void {
  const { semanaDoDia, W, D } = r;
  const { porDiaFora, porDiaPublico } = r.tables;
  const { serie, seriePublico, porSetor, serieDiaria, M } = r.out;
  const uw = u * W;
  const sw = s * W;
  // day 0's row holds the measures a person did not have (assembly/reduce.ts): dropped
  porDiaFora.fill(0, 0, M);
  porDiaPublico.fill(0, 0, M);
  for (let d = 1; d <= last; d++) {
    const wk = semanaDoDia[d];
    for (let m = 0; m < M; m++) {
      const k = d * M + m;
      const p = porDiaPublico[k];
      const n = porDiaFora[k] + p;
      if (n === 0) continue;
      const at = (uw + wk) * M + m;
      serie[at] += n;
      seriePublico[at] += p;
      if (s >= 0) porSetor![(sw + wk) * M + m] += n;
      if (serieDiaria) serieDiaria[(u * D + d - 1) * M + m] += n;
      porDiaFora[k] = 0;
      porDiaPublico[k] = 0;
    }
  }
}

/**
 * Adds unit u's counts by grid cell (the kept measures) and its media frequencies to the job's and
 * clears them. A task without cells leaves the kernel's cell table to fill: nothing reads it, and
 * runTables zeroes it before the next reduction.
 */
function settleUnit(r: RunContext, u: number): void {
  const { celulas, frequencia } = r.tables;
  if (r.cellMeasures) foldCells(r.out.celulas, u, celulas, r.out.M, r.cellMeasures);
  if (r.frequencia) foldFrequencies(r.frequencia, u * frequencia.length, frequencia);
}

/**
 * Adds a unit's media frequencies (the kernel's rows: contacts, then the members with exactly 1 ..
 * 9 and 10+ contacts) to the job's rows as contacts, then the members with at least 1 .. 10
 * contacts (tail sums), and clears them: each reach f+ is then a count of its own for the
 * findings' Monte Carlo error.
 */
function foldFrequencies(to: Uint32Array, at: number, from: Uint32Array): void {
  const F = ABI.FREQ_COLS;
  for (let row = 0; row < from.length; row += F) {
    to[at + row] += from[row];
    let atLeast = 0;
    for (let f = F - 1; f >= 1; f--) {
      atLeast += from[row + f];
      to[at + row + f] += atLeast;
    }
  }
  from.fill(0);
}

/**
 * Adds the kept measures of a unit's cell table ([cell][measure], every measure) to unit u's rows of
 * the job's ([unit][cell][kept measure]) and zeroes the table. Only the kept measures are stored: a
 * task's cells are the largest of its arrays (Brazil's 5,570 municipalities x 1400 cells x 9
 * measures: 280 MB, touched fresh by every task).
 */
function foldCells(to: Uint32Array, u: number, table: Uint32Array, M: number, kept: Int32Array): void {
  const K = kept.length;
  const C = table.length / M;
  let at = u * C * K;
  for (let c = 0; c < C; c++, at += K) {
    const row = c * M;
    for (let k = 0; k < K; k++) {
      const n = table[row + kept[k]];
      if (n !== 0) to[at + k] += n;
    }
  }
  table.fill(0);
}

/** Reduces task `variante` (its channel multipliers `escala`) of a plan: the counts of its state's segments. */
export function reduceReplica(
  pop: KernelPopulation, plan: KernelPlan, spec: ReduceSpec, segments: readonly StateSegment[], variante: number, escala: readonly number[],
): Omit<TaskCounts, 'segundos'> {
  const W = spec.semanas;
  const M = spec.nMedidas;
  const U = spec.nUnidades;
  const C = gridCellCount(spec.grade);
  const serie = new Uint32Array(U * W * M);
  const seriePublico = new Uint32Array(U * W * M);
  const medidasCelulas = spec.celulas?.variante === variante ? spec.celulas.medidas : null;
  const cellMeasures = medidasCelulas && Int32Array.from(medidasCelulas);
  const celulas = new Uint32Array(cellMeasures ? U * C * cellMeasures.length : 0);
  const S = spec.nSetores;
  const porSetor = spec.setorIndice ? new Uint32Array(S * W * M) : undefined;
  const D = spec.dias;
  const serieDiaria = spec.diario ? new Uint32Array(U * D * M) : undefined;
  const model = modelFor(spec.familia);
  // the alcance block's counts (a family with media): contacts by channel, and the audience each channel can reach
  const reach = model.blocos.includes('alcance');
  const nC = plan.nChannels;
  const frequencia = reach ? new Uint32Array(U * (nC + 1) * ABI.FREQ_COLS) : undefined;
  const { hhStart, hhTract, age5, attrs } = pop;

  const pc = sumPlanCounts(segments.map((seg) => planCounts(pop, plan, spec, seg, segments.length)), cellMeasures !== null);
  const { populacao, publico, celulasPopulacao } = pc;
  let alcancavel: Uint32Array | undefined;
  if (reach) {
    // audience members a channel can reach in this variant: on (intensity > 0 on some day, not
    // removed by the variant) and affinity > 0 in their cell
    alcancavel = new Uint32Array(U * nC);
    const K = plan.nCells;
    const stride = plan.dias + 1;
    for (let c = 0; c < nC; c++) {
      if (!(escala[c] > 0 && plan.intensidade.subarray(c * stride, (c + 1) * stride).some((v) => v > 0))) continue;
      for (let kc = 0; kc < K; kc++) {
        if (!(plan.afinidade![c * K + kc] > 0)) continue;
        for (let u = 0; u < U; u++) alcancavel[u * nC + c] += pc.publicoCelula![u * K + kc];
      }
    }
  }

  const out: EventCounts = { serie, seriePublico, celulas, porSetor, serieDiaria, M };
  const semanaDoDia = new Uint16Array(D + 1);
  for (let d = 1; d <= D; d++) semanaDoDia[d] = ((d - 1) / 7) | 0;
  for (const seg of segments) {
    const run: RunContext = { out, W, D, frequencia, tables: seg.inst.runTables(), cellMeasures, semanaDoDia };
    // a unit's households lie together, so its cells and frequencies are folded once per run of units
    let unit = -1;
    forEachUnitRun(pop, spec, seg, (i0, i1, u, s) => {
      if (u !== unit && unit >= 0) settleUnit(run, unit);
      unit = u;
      settleRun(run, u, s, seg.inst.countRun(model.kernel, i0 - seg.p0, i1 - seg.p0));
    });
    if (unit >= 0) settleUnit(run, unit);
  }
  cumulate(serie, U, W, M);
  cumulate(seriePublico, U, W, M);
  if (porSetor) cumulate(porSetor, S, W, M);
  if (serieDiaria) cumulate(serieDiaria, U, D, M);

  const respostas = spec.perguntas.map((q) => {
    const contagens = new Uint32Array(q.nUnidades * W);
    const base = new Uint32Array(q.nUnidades);
    const [mIdade, mSexo, mRenda, mEsc, mRaca, mFaixa] = q.mascaras;
    for (const seg of segments) {
      const dayOf = model.eventDays(seg.inst.state());
      for (let h = seg.h0; h < seg.h1; h++) {
        const u = q.daSetor[hhTract[h]];
        if (u < 0) continue;
        for (let i = hhStart[h]; i < hhStart[h + 1]; i++) {
          const at = attrs[i];
          if (
            !((mIdade >> ageGroupOf(age5[i])) & 1) || !((mSexo >> personAttr(at, A.sexo)) & 1) ||
            !((mRenda >> personAttr(at, A.renda)) & 1) || !((mEsc >> personAttr(at, A.escolaridade)) & 1) ||
            !((mRaca >> personAttr(at, A.raca)) & 1) || !((mFaixa >> age5[i]) & 1)
          ) continue;
          base[u]++;
          const d = dayOf(q.medida, i - seg.p0);
          if (d !== 0) contagens[u * W + (((d - 1) / 7) | 0)]++;
        }
      }
    }
    cumulate(contagens, q.nUnidades, W, 1);
    return { chave: q.chave, contagens, base };
  });

  return {
    serie, seriePublico, populacao, publico, celulas, celulasPopulacao, medidasCelulas: medidasCelulas ?? [], frequencia, alcancavel, porSetor, serieDiaria, respostas,
  };
}
