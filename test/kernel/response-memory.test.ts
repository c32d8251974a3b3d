// Responses that follow exposure in the kernel (v2.1.0 on; assembly/reception.ts, docs/model.md
// "Responses that follow exposure"). At a memory that saturates at the first contact and without
// word of mouth, every exposed person is where the ceilings put it: rejeita with the cell's share
// J, repassa with (1 - J) R, absorve with (1 - J)(A - R), ignora with the rest (responseLadder);
// a far memory moves almost no one up. Every person's days agree with the ladder (up only, a
// response on or after the first exposure), and older releases refuse the memory's parameters.
import { describe, expect, it } from 'vitest';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import { BASE_CELLS, responseCoefficients } from '../../src/models/recepcao/reception-profiles.js';
import { responseLadder } from '../../src/models/recepcao/response-memory.js';
import { MEMORIA_RESPOSTA, RECEPCAO_CONTATO_DIARIO } from '../../src/release/manifests.js';
import { PERSON_ATTRS, type ModelParameters, type Population } from '../../src/release/types.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { runInThread, threadInstance } from '../fixtures/run-in-thread.js';
import { canal, parameters, receptionScenario, STIM_ID } from '../fixtures/scenarios.js';

const base = buildFixturePopulation({ persons: 30_000, municipios: 2, tractsPerMunicipality: 8, seed: 'memoria' });
const pop: Population = {
  ...base, release: 'v2.1.0', attrs: base.attrs.map((a, i) => a | (i % 20 === 0 ? 0 : 1 << PERSON_ATTRS.tv.shift) | (1 << PERSON_ATTRS.radio.shift)),
};
const heavy = receptionScenario({
  canais: [canal('tv', 1, 14, 1), canal('radio', 1, 14, 1), canal('digital', 1, 14, 1), canal('exterior', 1, 14, 1)],
  horizonte: { data_inicio: '2026-01-05', dias: 14 }, kpis: ['alcance', 'absorve', 'repassa'],
});

function plan(over: Partial<ModelParameters>) {
  return compilePlanFor(heavy, pop, parameters({ beta0: Math.log(RECEPCAO_CONTATO_DIARIO), ...MEMORIA_RESPOSTA, ...over }));
}

async function state(over: Partial<ModelParameters>) {
  const p = plan(over);
  await runInThread(p, 'plano', 0);
  const st = (await threadInstance()).state();
  return { p, st: { ...st, resp: st.resp!.slice(), dayA: st.dayA.slice(), respostaDia: st.respostaDia!.slice(), repassaDia: st.repassaDia!.slice() } };
}

describe('responses that follow exposure (v2.1.0)', () => {
  it('at a memory saturated by one contact and without word of mouth, the exposed answer the ceilings\' shares', async () => {
    const { p, st } = await state({ memoria_meia_saturacao: 0.1, memoria_expoente: 4, conversao_social: 0 });
    const co = responseCoefficients(STIM_ID);
    const expected = [0, 0, 0, 0, 0];
    const variance = [0, 0, 0, 0, 0];
    const got = [0, 0, 0, 0, 0];
    for (let i = 0; i < st.resp.length; i++) {
      if (st.dayA[i] === 0) continue;
      const [keep, A, R] = responseLadder(co, (p.kernel.cell![i] >> 1) % BASE_CELLS);
      const shares = [0, keep * (1 - A), keep * (A - R), keep * R, 1 - keep];
      for (let r = 1; r <= 4; r++) {
        expected[r] += shares[r];
        variance[r] += shares[r] * (1 - shares[r]);
      }
      got[st.resp[i]]++;
    }
    expect(got[0]).toBe(0);
    expect(got.reduce((a, b) => a + b, 0)).toBeGreaterThan(10_000);
    for (let r = 1; r <= 4; r++) expect(Math.abs(got[r] - expected[r]) / Math.sqrt(variance[r]), `response ${r}: ${got[r]} against ${expected[r].toFixed(0)}`).toBeLessThan(4);
  });

  it('a memory far from its half-saturation moves almost no one past ignora', async () => {
    const { st } = await state({ memoria_meia_saturacao: 20, memoria_expoente: 4, conversao_social: 0 });
    const exposed = st.dayA.filter((d) => d > 0).length;
    const moved = st.resp.filter((r) => r === 2 || r === 3).length;
    expect(exposed).toBeGreaterThan(10_000);
    // 14 days of every medium at intensity 1 leave a source's memory well under 20 contacts
    expect(moved / exposed).toBeLessThan(0.01);
  });

  it('every person\'s days follow the ladder: up only, on or after the first exposure, repassa with its day', async () => {
    const { st } = await state({});
    let repassa = 0;
    for (let i = 0; i < st.resp.length; i++) {
      const [r, e, d, rd] = [st.resp[i], st.dayA[i], st.respostaDia[i], st.repassaDia[i]];
      if (e === 0) {
        expect([r, d, rd]).toEqual([0, 0, 0]);
        continue;
      }
      expect(d).toBeGreaterThanOrEqual(e);
      if (r === 1 || r === 4) expect(d).toBe(e);
      if (r === 3) {
        expect(d).toBe(rd);
        repassa++;
      } else expect(rd).toBe(0);
    }
    expect(repassa).toBeGreaterThan(100);
  });

  it('refuses the memory\'s parameters on a release whose first exposure fixes the response', () => {
    const old = { ...pop, release: 'v2.0.0' };
    expect(() => compilePlanFor(heavy, old, parameters({ beta0: Math.log(RECEPCAO_CONTATO_DIARIO), memoria_expoente: 2 }))).toThrow(/memoria_expoente acts from release v2.1.0 on/);
    expect(compilePlanFor(heavy, old, parameters({ beta0: Math.log(RECEPCAO_CONTATO_DIARIO) })).kernel.memoria).toBeUndefined();
  });
});
