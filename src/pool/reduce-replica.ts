// Reduces a finished task's per-person event days to counts (DESIGN 5): per unit x week x
// measure (whole population and audience), per grid cell at the horizon, media frequency and
// reachability (reception), per tract x week x measure (saida_por_setor), per question, and per
// unit x day when a calibration round asks (spec.diario).
// Every count is cumulative: persons with the event by the end of the week.
import type { KernelPlan } from '../kernel/kernel-plan.js';
import type { KernelPopulation } from '../kernel/kernel-population.js';
import type { KernelState } from '../kernel/instance.js';
import type { ReduceSpec } from '../plan/types.js';
import { ageGroupOf, gridCell, gridCellCount, type Grade } from '../release/publication-grid.js';
import { PERSON_ATTRS, personAttr } from '../release/types.js';
import type { TaskCounts } from './messages.js';

const A = PERSON_ATTRS;

/** Cache entries kept per segment of the task (one population and grid, or plan, each). */
const CACHED_PER_SEGMENT = 4;

const cellCache = new Map<string, Uint16Array>();

/** The segment's households and persons, as a cache key within a population. */
const segmentKey = (seg: StateSegment) => `${seg.h0}-${seg.h1}@${seg.p0}`;

/**
 * Grid cell of each of the segment's persons, computed once per population, segment and grid in
 * each thread: a thread running one part of a task spread over threads computes its own persons'
 * cells only (the whole population's took about as long as the part's days in a first run).
 */
function gridCells(pop: KernelPopulation, grade: Grade, seg: StateSegment, segments: number): Uint16Array {
  const k = `${pop.id}|${grade}|${segmentKey(seg)}`;
  let cells = cellCache.get(k);
  if (!cells) {
    if (cellCache.size >= CACHED_PER_SEGMENT * segments) cellCache.clear();
    const p0 = seg.p0;
    const n = pop.hhStart[seg.h1] - p0;
    cells = new Uint16Array(n);
    for (let j = 0; j < n; j++) cells[j] = gridCell(grade, pop.age5[p0 + j], pop.attrs[p0 + j]);
    cellCache.set(k, cells);
  }
  return cells;
}

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

/** Event day of measure m of the segment's person i (0 = never), in the order of MEDIDAS_* of src/plan/types.ts. */
function eventDayOf(spec: ReduceSpec, st: KernelState): (m: number, i: number) => number {
  if (spec.familia === 'adocao') return (_m, i) => st.dayA[i];
  const { dayA, sday, mday, dday, resp } = st as Required<KernelState>;
  return (m, i) => {
    switch (m) {
      case 0: return dayA[i];
      case 1: return sday[i];
      case 2: return mday[i];
      case 3: return dday[i];
      case 4: return mday[i] && sday[i] ? Math.max(mday[i], sday[i]) : 0;
      default: return resp[i] === m - 4 ? dayA[i] : 0;
    }
  };
}

/** A finished task's state for households [h0, h1) whose first person is p0 (one per shard). */
export interface StateSegment {
  h0: number;
  h1: number;
  p0: number;
  st: KernelState;
}

/** The counts that depend on the population and plan only, not on a task's state. */
interface PlanCounts {
  populacao: Uint32Array;
  publico: Uint32Array;
  celulasPopulacao: Uint32Array;
  /** recepcao: audience members per unit x affinity cell (alcancavel per variant from it). */
  publicoCelula?: Uint32Array;
}

const planCountCache = new Map<string, PlanCounts>();

/** PlanCounts of a plan over a segment's persons, once per plan and segment in each thread (every task of a job shares them). */
function planCounts(pop: KernelPopulation, plan: KernelPlan, spec: ReduceSpec, seg: StateSegment, cells: Uint16Array, segments: number): PlanCounts {
  const k = `${pop.id}|${plan.id}|${spec.grade}|${segmentKey(seg)}`;
  let pc = planCountCache.get(k);
  if (pc) return pc;
  if (planCountCache.size >= CACHED_PER_SEGMENT * segments) planCountCache.clear();
  const U = spec.nUnidades;
  const C = gridCellCount(spec.grade);
  const K = plan.nCells;
  const reception = spec.familia === 'recepcao';
  pc = {
    populacao: new Uint32Array(U),
    publico: new Uint32Array(U),
    celulasPopulacao: new Uint32Array(U * C),
    publicoCelula: reception ? new Uint32Array(U * K) : undefined,
  };
  const { hhStart, hhTract } = pop;
  const aud = spec.publico;
  const o = seg.p0;
  for (let h = seg.h0; h < seg.h1; h++) {
    const u = spec.unidadeDoSetor[hhTract[h]];
    if (u < 0) continue;
    for (let i = hhStart[h]; i < hhStart[h + 1]; i++) {
      pc.populacao[u]++;
      pc.publico[u] += aud[i];
      pc.celulasPopulacao[u * C + cells[i - o]]++;
      if (reception && aud[i]) pc.publicoCelula![u * K + plan.cell![i]]++;
    }
  }
  planCountCache.set(k, pc);
  return pc;
}

/** The segments' PlanCounts summed (new arrays: the reply's are transferred, the cache keeps its own). */
function sumPlanCounts(each: readonly PlanCounts[]): PlanCounts {
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
    celulasPopulacao: sum((pc) => pc.celulasPopulacao)!,
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

/** One event of measure m on day d of a person of unit row uw / ud, tract row sw (s < 0: none), cell row uc, in the audience when a. */
function recordEvent(o: EventCounts, m: number, d: number, uw: number, ud: number, sw: number, uc: number, a: number, s: number): void {
  const M = o.M;
  const wk = ((d - 1) / 7) | 0;
  const k = (uw + wk) * M + m;
  o.serie[k]++;
  if (a) o.seriePublico[k]++;
  o.celulas[uc + m]++;
  if (s >= 0) o.porSetor![(sw + wk) * M + m]++;
  if (o.serieDiaria) o.serieDiaria[(ud + d - 1) * M + m]++;
}

/**
 * Calls `fn` for each run of consecutive households of a segment in one unit and one published
 * tract index (u < 0: outside the job's units), with its persons [i0, i1) in the whole
 * population's numbering. Households of a unit lie together, so the runs are long and the
 * per-person loops below keep their unit, tract and rows in registers (about a quarter less CPU
 * than a loop per household; docs/model.md, Performance, session 7).
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

/** What the per-run counting loops read besides the state. */
interface RunContext {
  out: EventCounts;
  W: number;
  D: number;
  C: number;
  /** The segment's persons' grid cells (indexed as its state). */
  cells: Uint16Array;
  aud: Uint8Array;
  nC: number;
  frequencia?: Uint32Array;
}

/** Adoption events of the persons [i0, i1) of unit u (tract row s). */
function countAdoptionRun(r: RunContext, seg: StateSegment, i0: number, i1: number, u: number, s: number): void {
  const { out, cells, aud } = r;
  const dayA = seg.st.dayA;
  const o = seg.p0;
  const uw = u * r.W, ud = u * r.D, sw = s * r.W, uC = u * r.C, M = out.M;
  for (let i = i0; i < i1; i++) {
    const e = dayA[i - o];
    if (e !== 0) recordEvent(out, 0, e, uw, ud, sw, (uC + cells[i - o]) * M, aud[i], s);
  }
}

/** Reception events and media frequencies of the persons [i0, i1) of unit u (tract row s). */
function countReceptionRun(r: RunContext, seg: StateSegment, i0: number, i1: number, u: number, s: number): void {
  const { out, cells, aud, nC } = r;
  const frequencia = r.frequencia!;
  const { dayA, sday, mday, dday, resp, freq } = seg.st as Required<KernelState>;
  const o = seg.p0;
  const uw = u * r.W, ud = u * r.D, sw = s * r.W, uC = u * r.C, M = out.M;
  const fu = u * (nC + 1) * 2;
  for (let i = i0; i < i1; i++) {
    const j = i - o; // index in the segment's state
    const e = dayA[j];
    const sd = sday[j];
    const md = mday[j];
    const dd = dday[j];
    // a person with no event adds nothing (no media contact: mday 0, every frequency 0)
    if ((e | sd | md | dd) === 0) continue;
    const a = aud[i];
    const uc = (uC + cells[j]) * M;
    // order of MEDIDAS_RECEPCAO: alcance, social, medida, declarada, ambas, then the 4 responses
    if (e !== 0) {
      recordEvent(out, 0, e, uw, ud, sw, uc, a, s);
      recordEvent(out, 4 + resp[j], e, uw, ud, sw, uc, a, s);
    }
    if (sd !== 0) recordEvent(out, 1, sd, uw, ud, sw, uc, a, s);
    if (md !== 0) recordEvent(out, 2, md, uw, ud, sw, uc, a, s);
    if (dd !== 0) recordEvent(out, 3, dd, uw, ud, sw, uc, a, s);
    if (md !== 0 && sd !== 0) recordEvent(out, 4, Math.max(md, sd), uw, ud, sw, uc, a, s);
    if (a && md !== 0) {
      let total = 0;
      for (let c = 0; c < nC; c++) {
        const f = freq[j * nC + c];
        total += f;
        const base = fu + c * 2;
        if (f >= 1) frequencia[base]++;
        if (f >= 3) frequencia[base + 1]++;
      }
      const base = fu + nC * 2;
      if (total >= 1) frequencia[base]++;
      if (total >= 3) frequencia[base + 1]++;
    }
  }
}

export function reduceReplica(pop: KernelPopulation, plan: KernelPlan, spec: ReduceSpec, segments: readonly StateSegment[], escala: readonly number[]): Omit<TaskCounts, 'segundos'> {
  const W = spec.semanas;
  const M = spec.nMedidas;
  const U = spec.nUnidades;
  const C = gridCellCount(spec.grade);
  const serie = new Uint32Array(U * W * M);
  const seriePublico = new Uint32Array(U * W * M);
  const celulas = new Uint32Array(U * C * M);
  const S = spec.nSetores;
  const porSetor = spec.setorIndice ? new Uint32Array(S * W * M) : undefined;
  const D = spec.dias;
  const serieDiaria = spec.diario ? new Uint32Array(U * D * M) : undefined;
  const reception = spec.familia === 'recepcao';
  const nC = plan.nChannels;
  const frequencia = reception ? new Uint32Array(U * (nC + 1) * 2) : undefined;
  const { hhStart, hhTract, age5, attrs } = pop;
  const aud = spec.publico;

  const cells = segments.map((seg) => gridCells(pop, spec.grade, seg, segments.length));
  const pc = sumPlanCounts(segments.map((seg, k) => planCounts(pop, plan, spec, seg, cells[k], segments.length)));
  const { populacao, publico, celulasPopulacao } = pc;
  let alcancavel: Uint32Array | undefined;
  if (reception) {
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
  const count = reception ? countReceptionRun : countAdoptionRun;
  segments.forEach((seg, k) => {
    const run: RunContext = { out, W, D, C, cells: cells[k], aud, nC, frequencia };
    forEachUnitRun(pop, spec, seg, (i0, i1, u, s) => count(run, seg, i0, i1, u, s));
  });
  cumulate(serie, U, W, M);
  cumulate(seriePublico, U, W, M);
  if (porSetor) cumulate(porSetor, S, W, M);
  if (serieDiaria) cumulate(serieDiaria, U, D, M);

  const respostas = spec.perguntas.map((q) => {
    const contagens = new Uint32Array(q.nUnidades * W);
    const base = new Uint32Array(q.nUnidades);
    const [mIdade, mSexo, mRenda, mEsc, mRaca, mFaixa] = q.mascaras;
    for (const seg of segments) {
      const dayOf = eventDayOf(spec, seg.st);
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

  return { serie, seriePublico, populacao, publico, celulas, celulasPopulacao, frequencia, alcancavel, porSetor, serieDiaria, respostas };
}
