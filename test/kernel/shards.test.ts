// Sharding (DESIGN 4, "Scale"): a population cut into shards, one kernel instance each, gives the
// same per-person state and the same counts as one instance holding everyone, whatever the cuts
// and the thread count; and the daily exchange of counters is what makes it so.
import { afterAll, describe, expect, it } from 'vitest';
import { KernelInstance, type KernelState } from '../../src/kernel/instance.js';
import { layoutKernel, planShape } from '../../src/kernel/layout.js';
import { replicaKey } from '../../src/kernel/rng-key.js';
import { runShards } from '../../src/kernel/run-shards.js';
import { buildShards, shardCuts, shardPopulation, singleShard, type ShardLayout } from '../../src/kernel/shards.js';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import type { Plan } from '../../src/plan/types.js';
import { createPool } from '../../src/pool/pool.js';
import { reduceReplica } from '../../src/pool/reduce-replica.js';
import type { ReplicaResult } from '../../src/pool/replica-result.js';
import { simulate } from '../../src/simulate.js';
import { ABI } from '../../src/kernel/abi.js';
import { modelFor } from '../../src/models/model-registry.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { adoptionScenario, parameters, receptionScenario } from '../fixtures/scenarios.js';
import { MEMORIA_RESPOSTA } from '../../src/release/manifests.js';

const pop = buildFixturePopulation({ persons: 40_000, municipios: 3, tractsPerMunicipality: 8, seed: 'shards' });
const reception = compilePlanFor(receptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 42 } }), pop, parameters());
// v2.1.0: responses that follow exposure (social memory and openings per person, repeated social contacts)
const remembering = compilePlanFor(receptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 42 } }), { ...pop, release: 'v2.1.0' }, parameters(MEMORIA_RESPOSTA));
const adoption = compilePlanFor(adoptionScenario(), pop, parameters({ beta0: Math.log(0.003) }));
// timing by income: the kernel reads each person's income quintile (a per-person array cut with the shards)
const adoptionByIncome = compilePlanFor(adoptionScenario(), pop, parameters({
  beta0: Math.log(0.003), impulso_lancamento: 3, meia_vida_impulso_dias: 10, inclinacao_renda_lancamento: 0.4,
}));

const instances: KernelInstance[] = [];

/** Runs plano replica 0 over a shard layout in this thread; returns the whole population's state, shard states concatenated. */
async function runLayout(plan: Plan, layout: ShardLayout) {
  while (instances.length < layout.shards.length) instances.push(await KernelInstance.create());
  const v = plan.variantes[0];
  runShards(modelFor(plan.familia).kernel, instances, layout, plan.kernel, v.escala, replicaKey(plan.grupoComparacao, 0));
  const segments = layout.shards.map((s, k) => ({ h0: s.h0, h1: s.h1, p0: s.p0, inst: instances[k] }));
  const states = segments.map((s) => s.inst.state());
  const state: Record<string, number[]> = {};
  for (const name of ['dayA', 'rem', 'mday', 'sday', 'dday', 'resp', 'freq', 'respostaDia', 'repassaDia'] as Array<keyof KernelState>) {
    if (!states[0][name]) continue;
    state[name] = states.flatMap((st) => Array.from(st[name]!));
  }
  const counts = reduceReplica(plan.kernelPopulation, plan.kernel, plan.reduce, segments, 0, v.escala);
  return { state, counts };
}

/** The layout for a budget of 1/parts of the memory, cut for a pool of `threads`. */
function layoutOf(plan: Plan, parts: number, threads = 1): ShardLayout {
  const bytes = layoutKernel(0, plan.kernelPopulation, planShape(plan.kernel, modelFor(plan.familia).kernel)).end;
  return shardPopulation(plan.kernelPopulation, planShape(plan.kernel, modelFor(plan.familia).kernel), Math.ceil(bytes / parts) + 4096, threads);
}

describe('shard layout', () => {
  it('keeps a population that fits in one shard whole, and cuts a bigger one at households', () => {
    const shape = planShape(reception.kernel, modelFor(reception.familia).kernel);
    const kp = reception.kernelPopulation;
    expect(shardPopulation(kp, shape)).toBe(singleShard(kp));
    const l = layoutOf(reception, 3);
    expect(l.shards.length).toBeGreaterThanOrEqual(3);
    expect(l.shards[0].h0).toBe(0);
    expect(l.shards.at(-1)!.h1).toBe(kp.nHouseholds);
    l.shards.forEach((s, k) => {
      if (k > 0) expect(s.h0).toBe(l.shards[k - 1].h1);
      expect(s.p0).toBe(kp.hhStart[s.h0]);
      expect(s.pop.agentBase).toBe(s.p0);
      expect(s.pop.nPersons).toBe(s.p1 - s.p0);
      // every shard within the budget it was cut for
      expect(layoutKernel(0, s.pop, shape).end).toBeLessThanOrEqual(Math.ceil(layoutKernel(0, kp, shape).end / 3) + 4096);
    });
    // cut inside one UF: households, groups, tracts and municipalities are split, so every kind is exchanged
    expect(l.exchange.map((x) => x.slot).sort()).toEqual([ABI.P_CNT_GROUP, ABI.P_CNT_TRACT, ABI.P_CNT_DIG, ABI.P_CNT_MUN].sort());
    expect(() => shardCuts(kp, shape, 1000)).toThrow(/cannot hold one person/);
  });

  it('for a pool of several threads also cuts at each thread\'s share of the persons', () => {
    const shape = planShape(reception.kernel, modelFor(reception.familia).kernel);
    const kp = reception.kernelPopulation;
    const bytes = layoutKernel(0, kp, shape).end;
    const biggest = Math.max(...Array.from({ length: kp.nHouseholds }, (_, h) => kp.hhStart[h + 1] - kp.hhStart[h]));
    for (const threads of [2, 3]) {
      // a budget of 0.6 of the memory: 2 shards for 1 thread, cut at 1/2 or 1/3 and 2/3 otherwise
      const cuts = shardCuts(kp, shape, Math.ceil(bytes * 0.6), threads);
      for (let j = 1; j < threads; j++) {
        const share = (j * kp.nPersons) / threads;
        expect(Math.min(...cuts.map((c) => Math.abs(kp.hhStart[c] - share)))).toBeLessThanOrEqual(biggest);
      }
      const l = layoutOf(reception, 1 / 0.6, threads);
      l.shards.forEach((x) => expect(layoutKernel(0, x.pop, shape).end).toBeLessThanOrEqual(Math.ceil(bytes * 0.6) + 4096));
    }
  });
});

describe('sharded runs', () => {
  // v2.1.0's exposure cells (its per-plan tables: a fifth of the memory of these 40,000 persons)
  // leave no room for a fifth of the persons: 4 shards instead of 5
  const cases = [['recepcao', reception, 5], ['recepcao v2.1.0', remembering, 4], ['adocao', adoption, 5], ['adocao por renda', adoptionByIncome, 5]] as const;
  for (const [name, plan, most] of cases) {
    it(`${name}: 2, 3 and ${most} shards, and cuts for 2 and 3 threads, give the state and counts of one instance, bit for bit`, async () => {
      const one = await runLayout(plan, singleShard(plan.kernelPopulation));
      expect(one.state.dayA.filter((d) => d > 0).length).toBeGreaterThan(1000);
      for (const [parts, threads] of [[2, 1], [3, 1], [most, 1], [2, 2], [2, 3]]) {
        const many = await runLayout(plan, layoutOf(plan, parts, threads));
        expect(many.state).toEqual(one.state);
        expect(many.counts).toEqual(one.counts);
      }
      // hand-made cuts, one of them a single household
      const h = plan.kernelPopulation.nHouseholds;
      const odd = await runLayout(plan, buildShards(plan.kernelPopulation, [0, 1, 7, Math.floor(h / 2), h]));
      expect(odd.state).toEqual(one.state);
    });
  }

  it('needs the daily exchange: without it the shards drift apart from one instance', async () => {
    const one = await runLayout(reception, singleShard(reception.kernelPopulation));
    const l = layoutOf(reception, 3);
    const cut = await runLayout(reception, { ...l, exchange: [] });
    expect(cut.state.sday).not.toEqual(one.state.sday);
  });
});

describe('simulate with shards', () => {
  const two = createPool({ threads: 2 });
  afterAll(() => two.close());
  const bytes = (r: ReplicaResult) =>
    [r.serie, r.seriePublico, r.celulas, r.celulasPopulacao, r.frequencia!].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64')).join('|');

  it('gives the same results on 2 threads whatever the shard budget, and runs fewer tasks at once when memory is short', async () => {
    const sc = receptionScenario({ replicas: 2, canais: receptionScenario().canais!.slice(0, 2) });
    const a = await simulate(sc, { population: pop, parametros: parameters(), pool: two });
    const per = a.plan.bytesPorTarefa;
    const b = await simulate(sc, { population: pop, parametros: parameters(), pool: two, maxShardBytes: Math.ceil(per / 4), memoryBytes: per * 1.5 });
    expect(a.shards).toBe(1);
    expect(a.tarefasSimultaneas).toBe(2);
    expect(b.shards).toBeGreaterThanOrEqual(4);
    expect(b.tarefasSimultaneas).toBe(1);
    for (const [v, rs] of Object.entries(a.variantes)) rs.forEach((r, k) => expect(bytes(b.variantes[v][k])).toBe(bytes(r)));
  });
});
