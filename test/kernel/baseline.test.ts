// Fixed-seed baseline (Starsim style): the counts of a small run, and a hash of its per-person
// state (remaining thresholds included, so one f32 operation done differently shows), are pinned in
// test/baselines/kernel-small.json. A change to the model, the RNG or the reduction changes them;
// if the change is intended, regenerate with UPDATE_KERNEL_BASELINE=1 and say why in the commit.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ABI } from '../../src/kernel/abi.js';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import { projectPath } from '../../src/project-path.js';
import { MEMORIA_RESPOSTA, RECEPCAO_CONTATO_DIARIO } from '../../src/release/manifests.js';
import { PERSON_ATTRS, type Population } from '../../src/release/types.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { runInThread, total } from '../fixtures/run-in-thread.js';
import { adoptionScenario, parameters, receptionScenario } from '../fixtures/scenarios.js';

const FILE = projectPath('test/baselines/kernel-small.json');

/**
 * The fixture as a v1.5.0 population: TV and radio users (PERSON_ATTRS tv, radio) by a fixed
 * pattern, so reception takes its affinities from media habits and, at the release's daily contact
 * scale, a user of a daily medium is reached again within days (the kernel's short-gap search).
 * Pinned by the kernel that did one media contact after another: thousands of contacts a day, so
 * the reset's batched contacts (assembly/reception.ts runContacts, blocks of 1024 / channels pairs)
 * cross block edges and must still give that kernel's state.
 */
function withMediaHabits(pop: Population): Population {
  const attrs = pop.attrs.map((a, i) => a | (i % 20 === 0 ? 0 : 1 << PERSON_ATTRS.tv.shift) | (i % 6 === 0 ? 0 : 1 << PERSON_ATTRS.radio.shift));
  return { ...pop, release: 'v1.5.0', attrs };
}

async function snapshot() {
  const pop = buildFixturePopulation({ persons: 20_000, municipios: 2, tractsPerMunicipality: 8, seed: 'baseline' });
  const out: Record<string, unknown> = {};
  const runs = [
    ['adocao', compilePlanFor(adoptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 28 } }), pop, parameters({ beta0: Math.log(0.003) }))],
    ['recepcao', compilePlanFor(receptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 21 }, canais: receptionScenario().canais!.filter((c) => c.dia_fim <= 42).map((c) => ({ ...c, dia_fim: Math.min(c.dia_fim, 21), dia_inicio: Math.min(c.dia_inicio, 21) })) }), pop, parameters())],
    ['recepcao_habitos', compilePlanFor(receptionScenario(), withMediaHabits(pop), parameters({ beta0: Math.log(RECEPCAO_CONTATO_DIARIO) }))],
    // one channel, 14 days: the kernel's 1-channel reset and media listing (the whole-Brazil task's shape), pinned by the kernel before them
    ['recepcao_um_canal', compilePlanFor(receptionScenario({ canais: [{ canal: 'tv', dia_inicio: 1, dia_fim: 14, intensidade: 0.6 }], horizonte: { data_inicio: '2026-01-05', dias: 14 } }), withMediaHabits(pop), parameters({ beta0: Math.log(RECEPCAO_CONTATO_DIARIO) }))],
    // v2.1.0: responses that follow exposure (the memory's days and the social memory are in the state's hash)
    ['recepcao_memoria', compilePlanFor(receptionScenario(), { ...withMediaHabits(pop), release: 'v2.1.0' }, parameters({ beta0: Math.log(RECEPCAO_CONTATO_DIARIO), ...MEMORIA_RESPOSTA }))],
  ] as const;
  for (const [name, plan] of runs) {
    const c = await runInThread(plan, 'plano', 0);
    const weekly: Record<string, number[]> = {};
    for (const m of plan.medidas) weekly[m] = Array.from({ length: plan.semanas }, (_, w) => total(plan, c.serie, m, w));
    // the cells are of the scenario's KPI measures (ReduceSpec.celulas), as pinned by the kernel
    // that counted every measure's and had them projected here
    expect(c.medidasCelulas).toEqual(plan.medidas.flatMap((m, k) => ((plan.scenario.kpis as readonly string[]).includes(m) ? [k] : [])));
    const sha = createHash('sha256');
    for (const a of [c.serie, c.seriePublico, c.celulas, pinnedFrequencies(c.frequencia)]) sha.update(Buffer.from(a.buffer, a.byteOffset, a.byteLength));
    out[name] = { semanal: weekly, sha256: sha.digest('hex'), estado_sha256: c.estadoSha256 };
  }
  return out;
}

/**
 * The media frequencies in the layout the counts were pinned in, reached >= 1 and >= 3 times per
 * row (ABI 14 keeps the contacts and reach >= 1 .. 10: columns 1 and 3), so the pin still says
 * the counts are the same.
 */
function pinnedFrequencies(f: Uint32Array | undefined): Uint32Array {
  if (!f) return new Uint32Array(0);
  const F = ABI.FREQ_COLS;
  const out = new Uint32Array((f.length / F) * 2);
  for (let row = 0; row < f.length / F; row++) {
    out[row * 2] = f[row * F + 1];
    out[row * 2 + 1] = f[row * F + 3];
  }
  return out;
}

describe('kernel baseline', () => {
  it('a fixed-seed small run gives the pinned counts', async () => {
    const now = await snapshot();
    if (process.env.UPDATE_KERNEL_BASELINE === '1') writeFileSync(FILE, `${JSON.stringify(now, null, 2)}\n`);
    expect(existsSync(FILE), 'baseline missing: run with UPDATE_KERNEL_BASELINE=1').toBe(true);
    expect(now).toEqual(JSON.parse(readFileSync(FILE, 'utf8')));
  });
});
