// Reduces a finished task's per-person event days to counts (DESIGN 5): per unit x week x
// measure (whole population and audience), per grid cell at the horizon, media frequency and
// reachability (reception), per tract x week x measure (saida_por_setor), per question, and per
// unit x day when a calibration round asks (spec.diario).
// Every count is cumulative: persons with the event by the end of the week.
import { PERSON_ATTRS } from '../release/types.js';
import type { KernelPlan } from '../kernel/kernel-plan.js';
import type { KernelPopulation } from '../kernel/kernel-population.js';
import type { KernelState } from '../kernel/instance.js';
import { ageGroupOf } from '../kernel/model-constants.js';
import type { ReduceSpec } from '../plan/types.js';
import type { TaskCounts } from './messages.js';

export const GRID_CELLS = { principal: 7 * 2 * 5 * 4 * 5, etaria: 17 * 2 } as const;

const A = PERSON_ATTRS;
const field = (x: number, f: { shift: number; bits: number }) => (x >> f.shift) & ((1 << f.bits) - 1);

function gridCell(principal: boolean, age5: number, at: number): number {
  if (!principal) return age5 * 2 + field(at, A.sexo);
  return (((ageGroupOf(age5) * 2 + field(at, A.sexo)) * 5 + field(at, A.renda)) * 4 + field(at, A.escolaridade)) * 5 + field(at, A.raca);
}

const cellCache = new Map<string, Uint16Array>();

/** Grid cell of every person, computed once per population and grid in each thread. */
function gridCells(pop: KernelPopulation, principal: boolean): Uint16Array {
  const k = `${pop.id}|${principal}`;
  let cells = cellCache.get(k);
  if (!cells) {
    if (cellCache.size >= 4) cellCache.clear();
    cells = new Uint16Array(pop.nPersons);
    for (let i = 0; i < pop.nPersons; i++) cells[i] = gridCell(principal, pop.age5[i], pop.attrs[i]);
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

export function reduceReplica(pop: KernelPopulation, plan: KernelPlan, spec: ReduceSpec, segments: readonly StateSegment[], escala: readonly number[]): Omit<TaskCounts, 'segundos'> {
  const W = spec.semanas;
  const M = spec.nMedidas;
  const U = spec.nUnidades;
  const principal = spec.grade === 'principal';
  const C = GRID_CELLS[spec.grade];
  const serie = new Uint32Array(U * W * M);
  const seriePublico = new Uint32Array(U * W * M);
  const populacao = new Uint32Array(U);
  const publico = new Uint32Array(U);
  const celulas = new Uint32Array(U * C * M);
  const celulasPopulacao = new Uint32Array(U * C);
  const S = spec.nSetores;
  const porSetor = spec.setorIndice ? new Uint32Array(S * W * M) : undefined;
  const D = spec.dias;
  const serieDiaria = spec.diario ? new Uint32Array(U * D * M) : undefined;
  const reception = spec.familia === 'recepcao';
  const nC = plan.nChannels;
  const frequencia = reception ? new Uint32Array(U * (nC + 1) * 2) : undefined;
  const alcancavel = reception ? new Uint32Array(U * nC) : undefined;
  const stride = plan.dias + 1;
  const channelOn = Array.from({ length: nC }, (_, c) => escala[c] > 0 && plan.intensidade.subarray(c * stride, (c + 1) * stride).some((v) => v > 0));
  const { hhStart, hhTract, age5, attrs } = pop;
  const aud = spec.publico;

  const cells = gridCells(pop, principal);
  for (const seg of segments) {
    const { dayA, sday, mday, dday, resp, freq } = seg.st;
    const o = seg.p0;
    for (let h = seg.h0; h < seg.h1; h++) {
      const t = hhTract[h];
      const u = spec.unidadeDoSetor[t];
      if (u < 0) continue;
      const s = spec.setorIndice ? spec.setorIndice[t] : -1;
      const uw = u * W;
      const ud = u * D;
      const sw = s * W;
      for (let i = hhStart[h]; i < hhStart[h + 1]; i++) {
        const a = aud[i];
        const cell = cells[i];
        const uc = (u * C + cell) * M;
        populacao[u]++;
        publico[u] += a;
        celulasPopulacao[u * C + cell]++;
        // one event of measure m on day d (inlined by V8)
        const record = (m: number, d: number) => {
          const wk = ((d - 1) / 7) | 0;
          const k = (uw + wk) * M + m;
          serie[k]++;
          if (a) seriePublico[k]++;
          celulas[uc + m]++;
          if (s >= 0) porSetor![(sw + wk) * M + m]++;
          if (serieDiaria) serieDiaria[(ud + d - 1) * M + m]++;
        };
        const j = i - o; // index in the segment's state
        const e = dayA[j];
        if (!reception) {
          if (e !== 0) record(0, e);
          continue;
        }
        // order of MEDIDAS_RECEPCAO: alcance, social, medida, declarada, ambas, then the 4 responses
        const sd = sday![j];
        const md = mday![j];
        const dd = dday![j];
        if (e !== 0) {
          record(0, e);
          record(4 + resp![j], e);
        }
        if (sd !== 0) record(1, sd);
        if (md !== 0) record(2, md);
        if (dd !== 0) record(3, dd);
        if (md !== 0 && sd !== 0) record(4, md > sd ? md : sd);
        if (a) {
          let total = 0;
          const kc = plan.cell![i];
          for (let c = 0; c < nC; c++) {
            const f = freq![j * nC + c];
            total += f;
            const base = (u * (nC + 1) + c) * 2;
            if (f >= 1) frequencia![base]++;
            if (f >= 3) frequencia![base + 1]++;
            if (channelOn[c] && plan.afinidade![c * plan.nCells + kc] > 0) alcancavel![u * nC + c]++;
          }
          const base = (u * (nC + 1) + nC) * 2;
          if (total >= 1) frequencia![base]++;
          if (total >= 3) frequencia![base + 1]++;
        }
      }
    }
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
      const dayOf = eventDayOf(spec, seg.st);
      for (let h = seg.h0; h < seg.h1; h++) {
        const u = q.daSetor[hhTract[h]];
        if (u < 0) continue;
        for (let i = hhStart[h]; i < hhStart[h + 1]; i++) {
          const at = attrs[i];
          if (
            !((mIdade >> ageGroupOf(age5[i])) & 1) || !((mSexo >> field(at, A.sexo)) & 1) ||
            !((mRenda >> field(at, A.renda)) & 1) || !((mEsc >> field(at, A.escolaridade)) & 1) ||
            !((mRaca >> field(at, A.raca)) & 1) || !((mFaixa >> age5[i]) & 1)
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
