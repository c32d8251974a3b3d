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

/**
 * What the per-run counting loops read besides the state, and where they count. A run's events
 * (one unit and tract row) are counted by day and measure in `porDia` (`porDiaPublico` those of
 * the audience), small tables that settleRun then adds to the unit's weekly and daily series and
 * the tract's: an event is one or two increments there and one of its grid cell's, where it was
 * four or five increments over the job's arrays and a division (docs/model.md, session 14).
 */
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
  /** [day][measure], days 0..D (0 unused): the run's events, zero between runs. */
  porDia: Uint32Array;
  porDiaPublico: Uint32Array;
  /** Each day's week (0-based), days 0..D. */
  semanaDoDia: Uint16Array;
}

/** Adds a run's counts by day (days 1..last) of unit u and tract row s (< 0: none) to the job's series and clears them. */
function settleRun(r: RunContext, u: number, s: number, last: number): void {
  const { porDia, porDiaPublico, semanaDoDia, W, D } = r;
  const { serie, seriePublico, porSetor, serieDiaria, M } = r.out;
  const uw = u * W;
  const sw = s * W;
  // day 0's row holds the measures a person did not have (countReceptionRun): dropped
  porDia.fill(0, 0, M);
  porDiaPublico.fill(0, 0, M);
  for (let d = 1; d <= last; d++) {
    const wk = semanaDoDia[d];
    for (let m = 0; m < M; m++) {
      const k = d * M + m;
      const n = porDia[k];
      if (n === 0) continue;
      const at = (uw + wk) * M + m;
      serie[at] += n;
      seriePublico[at] += porDiaPublico[k];
      if (s >= 0) porSetor![(sw + wk) * M + m] += n;
      if (serieDiaria) serieDiaria[(u * D + d - 1) * M + m] += n;
      porDia[k] = 0;
      porDiaPublico[k] = 0;
    }
  }
}

/** 1 when 0 < x < 2^31, else 0 (x >= 0): a count without a branch. */
const isPositive = (x: number) => -x >>> 31;

/** 1 when 2 < x < 2^31, else 0 (x >= 0). */
const isAtLeast3 = (x: number) => (2 - x) >>> 31;

/** Adoption events of the persons [i0, i1) of unit u (tract row s). */
function countAdoptionRun(r: RunContext, seg: StateSegment, i0: number, i1: number, u: number, s: number): void {
  const { cells, aud, porDia, porDiaPublico } = r;
  const { celulas, M } = r.out;
  const dayA = seg.st.dayA;
  const o = seg.p0;
  const uC = u * r.C;
  let last = 0;
  for (let i = i0; i < i1; i++) {
    const e = dayA[i - o];
    if (e === 0) continue;
    porDia[e * M]++;
    porDiaPublico[e * M] += aud[i];
    celulas[(uC + cells[i - o]) * M]++;
    if (e > last) last = e;
  }
  settleRun(r, u, s, last);
}

/**
 * Reception events and media frequencies of the persons [i0, i1) of unit u (tract row s). A person
 * with some event counts every measure without a branch: a measure without its event (day 0)
 * counts in porDia's unused row of day 0 and adds 0 to its cell; the frequencies add 0 for a
 * person outside the audience or without a media contact (every freq 0). The branches on each
 * day and frequency, taken about half the time, had cost more than the counting (docs/model.md,
 * session 14).
 */
function countReceptionRun(r: RunContext, seg: StateSegment, i0: number, i1: number, u: number, s: number): void {
  const { cells, aud, nC, porDia, porDiaPublico } = r;
  const { celulas, M } = r.out;
  const frequencia = r.frequencia!;
  const { dayA, sday, mday, dday, resp, freq } = seg.st as Required<KernelState>;
  const o = seg.p0;
  const uC = u * r.C;
  const fu = u * (nC + 1) * 2;
  let last = 0;
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
    // (resp is 0 while not exposed: its row is then day 0's)
    const both = isPositive(md) & isPositive(sd);
    const bothDay = Math.max(md, sd) * both;
    const kr = e * M + 4 + resp[j];
    porDia[e * M]++;
    porDia[kr]++;
    porDia[sd * M + 1]++;
    porDia[md * M + 2]++;
    porDia[dd * M + 3]++;
    porDia[bothDay * M + 4]++;
    porDiaPublico[e * M] += a;
    porDiaPublico[kr] += a;
    porDiaPublico[sd * M + 1] += a;
    porDiaPublico[md * M + 2] += a;
    porDiaPublico[dd * M + 3] += a;
    porDiaPublico[bothDay * M + 4] += a;
    const exposed = isPositive(e);
    celulas[uc] += exposed;
    celulas[uc + 4 + resp[j]] += exposed;
    celulas[uc + 1] += isPositive(sd);
    celulas[uc + 2] += isPositive(md);
    celulas[uc + 3] += isPositive(dd);
    celulas[uc + 4] += both;
    last = Math.max(last, e, sd, md, dd);
    // the frequencies of an audience member with a media contact (others add 0: see above)
    const on = isPositive(a) & isPositive(md);
    let total = 0;
    for (let c = 0; c < nC; c++) {
      const f = freq[j * nC + c] * on;
      total += f;
      const base = fu + c * 2;
      frequencia[base] += isPositive(f);
      frequencia[base + 1] += isAtLeast3(f);
    }
    const base = fu + nC * 2;
    frequencia[base] += isPositive(total);
    frequencia[base + 1] += isAtLeast3(total);
  }
  settleRun(r, u, s, last);
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
  const porDia = new Uint32Array((D + 1) * M);
  const porDiaPublico = new Uint32Array((D + 1) * M);
  const semanaDoDia = new Uint16Array(D + 1);
  for (let d = 1; d <= D; d++) semanaDoDia[d] = ((d - 1) / 7) | 0;
  segments.forEach((seg, k) => {
    const run: RunContext = { out, W, D, C, cells: cells[k], aud, nC, frequencia, porDia, porDiaPublico, semanaDoDia };
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
