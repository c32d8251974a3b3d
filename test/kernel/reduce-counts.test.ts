// A task's reduction to counts runs in the kernel (assembly/reduce.ts: runs of households, eight
// persons at a time, day 0 as the sink of the events a person did not have, tables folded by the
// host per run and per unit). Here the counts are taken again the plain way, person by person
// from the state the task left and the definitions (the family's medidas, gridCell, the
// audience, the units and tract rows), and every array must be equal. The cells are plano's only,
// of the scenario's KPIs unless the plan asks for every measure's.
import { describe, expect, it } from 'vitest';
import { ABI } from '../../src/kernel/abi.js';
import type { KernelState } from '../../src/kernel/instance.js';
import { compilePlan } from '../../src/plan/compile-plan.js';
import type { Plan } from '../../src/plan/types.js';
import { gridCell, gridCellCount } from '../../src/release/publication-grid.js';
import { openRelease } from '../../src/release/release.js';
import { validateScenario } from '../../src/contract/validate-scenario.js';
import { runInThread, threadInstance } from '../fixtures/run-in-thread.js';
import { BASELINE_SCENARIO, adoptionScenario } from '../fixtures/scenarios.js';

/** The responses in the order of assembly/abi.ts P_RESP (1 ignora ... 4 rejeita). */
const RESPOSTAS: readonly string[] = ['ignora', 'absorve', 'repassa', 'rejeita'];

/** Day of measure m of person i (0 = never), from the measure's definition. */
function eventDay(plan: Plan, st: KernelState, m: number, i: number): number {
  const medida = plan.medidas[m];
  switch (medida) {
    case 'adotantes':
    case 'alcance': return st.dayA[i];
    case 'exposta_social': return st.sday![i];
    case 'exposta_midia_medida': return st.mday![i];
    case 'exposta_midia_declarada': return st.dday![i];
    case 'exposta_midia_ambas': return st.mday![i] > 0 && st.sday![i] > 0 ? Math.max(st.mday![i], st.sday![i]) : 0;
    // from v2.1.0 a response counts on the day it was reached (respostaDia), before on the first exposure's
    default: return st.resp![i] === RESPOSTAS.indexOf(medida) + 1 ? (st.respostaDia ?? st.dayA)[i] : 0;
  }
}

/** The counts of one task, person by person. */
function plainCounts(plan: Plan, st: KernelState) {
  const pop = plan.population;
  const spec = plan.reduce;
  const W = plan.semanas;
  const D = plan.dias;
  const M = plan.medidas.length;
  const U = spec.nUnidades;
  const C = gridCellCount(plan.grade);
  const nC = plan.kernel.nChannels;
  const serie = new Uint32Array(U * W * M);
  const seriePublico = new Uint32Array(U * W * M);
  const celulas = new Uint32Array(U * C * M);
  const porSetor = new Uint32Array(spec.nSetores * W * M);
  const serieDiaria = new Uint32Array(U * D * M);
  const F = ABI.FREQ_COLS;
  const frequencia = new Uint32Array(U * (nC + 1) * F);
  const populacao = new Uint32Array(U);
  const publico = new Uint32Array(U);
  const celulasPopulacao = new Uint32Array(U * C);
  const alcancavel = new Uint32Array(U * nC);
  // a channel reaches an audience member in a cell of affinity > 0 when it is on some day of the variant (plano: every channel as planned)
  const k = plan.kernel;
  const on = Array.from({ length: nC }, (_, c) => k.intensidade.subarray(c * (D + 1), (c + 1) * (D + 1)).some((v) => v > 0));
  for (let h = 0; h < pop.nHouseholds; h++) {
    const t = pop.hhTract[h];
    const u = spec.unidadeDoSetor[t];
    if (u < 0) continue;
    const s = spec.setorIndice ? spec.setorIndice[t] : -1;
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      const aud = spec.publico[i] === 1;
      populacao[u]++;
      if (aud) publico[u]++;
      celulasPopulacao[u * C + gridCell(plan.grade, pop.age5[i], pop.attrs[i])]++;
      for (let c = 0; c < nC; c++) if (aud && on[c] && k.afinidade![c * k.nCells + k.cell![i]] > 0) alcancavel[u * nC + c]++;
      for (let m = 0; m < M; m++) {
        const d = eventDay(plan, st, m, i);
        if (d === 0) continue;
        for (let w = Math.floor((d - 1) / 7); w < W; w++) {
          serie[(u * W + w) * M + m]++;
          if (aud) seriePublico[(u * W + w) * M + m]++;
          if (s >= 0) porSetor[(s * W + w) * M + m]++;
        }
        for (let e = d; e <= D; e++) serieDiaria[(u * D + e - 1) * M + m]++;
        celulas[(u * C + gridCell(plan.grade, pop.age5[i], pop.attrs[i])) * M + m]++;
      }
      if (nC && aud && st.mday![i] > 0) {
        // each row: the audience's contacts (the GRPs' numerator), then its members reached >= 1 .. 10 times
        const count = (row: number, f: number) => {
          frequencia[row * F] += f;
          for (let at = 1; at < F; at++) if (f >= at) frequencia[row * F + at]++;
        };
        let total = 0;
        for (let c = 0; c < nC; c++) {
          const f = st.freq![i * nC + c];
          total += f;
          count(u * (nC + 1) + c, f);
        }
        count(u * (nC + 1) + nC, total);
      }
    }
  }
  return {
    serie, seriePublico, celulas, porSetor, serieDiaria, frequencia: nC ? frequencia : undefined,
    populacao, publico, celulasPopulacao, alcancavel: nC ? alcancavel : undefined,
  };
}

/** The cells [unit][cell][measure] of measures `kept` only (the stored format: ReduceSpec.celulas). */
function keptCells(celulas: Uint32Array, M: number, kept: readonly number[]): Uint32Array {
  const out = new Uint32Array((celulas.length / M) * kept.length);
  for (let r = 0; r < celulas.length / M; r++) kept.forEach((k, j) => { out[r * kept.length + j] = celulas[r * M + k]; });
  return out;
}

describe('the reduction in the kernel', () => {
  const release = openRelease('v1.0.0');
  const v2 = openRelease('v2.0.0');
  const v21 = openRelease('v2.1.0');
  // two municipalities of RR, an audience cut by age, tract rows; reception (two channels) on both
  // grids (the etaria one when the audience's ages end off the principal's groups), adoption on the principal
  const cases = {
    recepcao: { scenario: BASELINE_SCENARIO, grade: 'principal', celulas: 'todas' },
    // exposure propensities (v2.0.0): every f+ and the contacts (the GRPs' numerator) per person
    'recepcao, v2.0.0': { scenario: { ...BASELINE_SCENARIO, release: 'v2.0.0' }, grade: 'principal', celulas: 'kpis' },
    // responses that follow exposure (v2.1.0): each response on the day it was reached
    'recepcao, v2.1.0': { scenario: { ...BASELINE_SCENARIO, release: 'v2.1.0' }, grade: 'principal', celulas: 'todas' },
    'recepcao, etaria': { scenario: { ...BASELINE_SCENARIO, publico: { idades: [[25, 34]] } }, grade: 'etaria', celulas: 'kpis' },
    adocao: {
      scenario: adoptionScenario({
        geografia: BASELINE_SCENARIO.geografia, publico: { idades: [[20, 39]] }, saida_por_setor: true, horizonte: { data_inicio: '2026-01-05', dias: 40 },
      }),
      grade: 'principal',
      celulas: 'kpis',
    },
  } as const;
  for (const [familia, { scenario, grade, celulas }] of Object.entries(cases)) {
    it(`${familia}: gives the counts taken person by person, by week, day, cell, tract row and media frequency, and the population's`, async () => {
      const plan = await compilePlan(validateScenario(scenario), scenario.release === 'v2.0.0' ? v2 : scenario.release === 'v2.1.0' ? v21 : release, { diario: true, celulas });
      if (scenario.release === 'v2.1.0') expect(plan.kernel.memoria).toBeDefined();
      if (scenario.release === 'v2.0.0') expect(plan.kernel.propensao).toBeDefined();
      expect(plan.grade).toBe(grade);
      expect(plan.reduce.setorIndice).toBeDefined();
      expect(plan.medidas.filter((m) => !['adotantes', 'alcance'].includes(m) && !m.startsWith('exposta_')).every((m) => RESPOSTAS.includes(m))).toBe(true);
      const got = await runInThread(plan, 'plano', 0);
      const want = plainCounts(plan, (await threadInstance()).state());
      // a task that counts nothing would pass as well: the scenario has events in most weeks
      expect(want.serie.reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
      expect(got.serie).toEqual(want.serie);
      expect(got.seriePublico).toEqual(want.seriePublico);
      const kept = plan.medidas.flatMap((m, k) => (celulas === 'todas' || (scenario.kpis as readonly string[]).includes(m) ? [k] : []));
      expect(got.medidasCelulas).toEqual(kept);
      expect(got.celulas).toEqual(keptCells(want.celulas, plan.medidas.length, kept));
      expect(got.porSetor).toEqual(want.porSetor);
      expect(got.serieDiaria).toEqual(want.serieDiaria);
      expect(got.frequencia).toEqual(want.frequencia);
      expect(got.populacao).toEqual(want.populacao);
      expect(got.publico).toEqual(want.publico);
      expect(got.celulasPopulacao).toEqual(want.celulasPopulacao);
      expect(got.alcancavel).toEqual(want.alcancavel);
      // another variant's task counts no cells (the findings read plano's only)
      const other = plan.variantes.find((v) => v.nome !== 'plano');
      if (other) {
        const task = await runInThread(plan, other.nome, 0);
        expect([task.celulas.length, task.celulasPopulacao.length, task.medidasCelulas]).toEqual([0, 0, []]);
        expect(task.serie.length).toBe(got.serie.length);
      }
    });
  }
});
