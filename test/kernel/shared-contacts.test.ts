// A reception task may draw its media contacts channel by channel and keep them for the replica's
// other variants (src/kernel/shared-contacts.ts): every variant of every replica must leave the
// same per-person state as a task that draws every channel at once, on one instance or on shards,
// with each search of the contact day (more than 32 days: the counted one; at most 32: the grid),
// and the kept channels must be the ones plano runs as it does (escala 1), dropped at a new replica.
import { afterAll, describe, expect, it } from 'vitest';
import { KernelInstance, type KernelState } from '../../src/kernel/instance.js';
import { replicaKey } from '../../src/kernel/rng-key.js';
import { runShards } from '../../src/kernel/run-shards.js';
import { shardPopulation, singleShard, type ShardLayout } from '../../src/kernel/shards.js';
import { layoutKernel, planShape } from '../../src/kernel/layout.js';
import { modelFor } from '../../src/models/model-registry.js';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import type { Plan } from '../../src/plan/types.js';
import { PERSON_ATTRS, type Population } from '../../src/release/types.js';
import { MEMORIA_RESPOSTA, RECEPCAO_CONTATO_DIARIO } from '../../src/release/manifests.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { parameters, receptionScenario } from '../fixtures/scenarios.js';
import { hashState } from '../fixtures/run-in-thread.js';
import { createPool } from '../../src/pool/pool.js';
import type { ReplicaResult } from '../../src/pool/replica-result.js';
import { simulate } from '../../src/simulate.js';

const pop = buildFixturePopulation({ persons: 24_000, municipios: 2, tractsPerMunicipality: 8, seed: 'contatos' });
// media habits (v1.5.0): daily media reach their users again within days, many contacts a pair
const habits: Population = {
  ...pop, release: 'v1.5.0', attrs: pop.attrs.map((a, i) => a | (i % 20 === 0 ? 0 : 1 << PERSON_ATTRS.tv.shift) | (i % 6 === 0 ? 0 : 1 << PERSON_ATTRS.radio.shift)),
};

/** The state of a task over the layout's shards, each array the shards' parts one after another. */
function stateOf(instances: readonly KernelInstance[], layout: ShardLayout): string {
  const states = layout.shards.map((_, k) => instances[k].state());
  const whole = {} as KernelState;
  for (const name of Object.keys(states[0]) as Array<keyof KernelState>) {
    const parts = states.map((s) => s[name]!);
    const out = new (parts[0].constructor as new (n: number) => typeof parts[0])(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p as never, at);
      at += p.length;
    }
    (whole as unknown as Record<string, unknown>)[name] = out;
  }
  return hashState(whole);
}

async function instancesFor(n: number): Promise<KernelInstance[]> {
  return Promise.all(Array.from({ length: n }, () => KernelInstance.create()));
}

describe('media contacts kept for the replica\'s other variants', () => {
  const cases: Array<[string, Plan]> = [
    ['4 channels, 42 days (counted search)', compilePlanFor(receptionScenario(), pop, parameters())],
    ['4 channels, 28 days, media habits (grid search)', compilePlanFor(
      receptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 28 } }), habits, parameters({ beta0: Math.log(RECEPCAO_CONTATO_DIARIO) }),
    )],
    // v2.1.0: each channel's absorve and repassa days are kept with its contacts
    ['4 channels, 42 days, v2.1.0 (counted search, responses that follow exposure)', compilePlanFor(
      receptionScenario(), { ...habits, release: 'v2.1.0' }, parameters({ beta0: Math.log(RECEPCAO_CONTATO_DIARIO), ...MEMORIA_RESPOSTA }),
    )],
    ['4 channels, 28 days, v2.1.0 (grid search, responses that follow exposure)', compilePlanFor(
      receptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 28 } }), { ...habits, release: 'v2.1.0' },
      parameters({ beta0: Math.log(RECEPCAO_CONTATO_DIARIO), ...MEMORIA_RESPOSTA }),
    )],
  ];
  for (const [name, plan] of cases) {
    it(`${name}: every variant and replica gives the state of the task that draws every channel at once, on one instance and on shards`, async () => {
      const nC = plan.kernel.nChannels;
      expect(nC).toBe(4);
      expect(plan.variantes.length).toBe(1 + 2 * nC);
      const plain = await KernelInstance.create();
      const shape = planShape(plan.kernel, modelFor(plan.familia).kernel);
      const three = shardPopulation(plan.kernelPopulation, shape, Math.ceil(layoutKernel(0, plan.kernelPopulation, shape).end / 3), 1);
      expect(three.shards.length).toBeGreaterThan(1);
      for (const layout of [singleShard(plan.kernelPopulation), three]) {
        const kept = await instancesFor(layout.shards.length);
        const byChannel = await instancesFor(layout.shards.length);
        for (const r of [0, 1]) {
          for (const v of plan.variantes) {
            const key = replicaKey(plan.grupoComparacao, r);
            runShards(modelFor(plan.familia).kernel, [plain], singleShard(plan.kernelPopulation), plan.kernel, v.escala, key, { contactDraws: 'at-once' });
            const want = stateOf([plain], singleShard(plan.kernelPopulation));
            runShards(modelFor(plan.familia).kernel, kept, layout, plan.kernel, v.escala, key, { contactDraws: 'shared' });
            expect(stateOf(kept, layout), `${v.nome}, replica ${r}, ${layout.shards.length} shard(s)`).toBe(want);
            // without keeping: channel by channel when the variant turns one off
            runShards(modelFor(plan.familia).kernel, byChannel, layout, plan.kernel, v.escala, key);
            expect(stateOf(byChannel, layout), `${v.nome}, replica ${r}, ${layout.shards.length} shard(s), not kept`).toBe(want);
          }
        }
        // per replica and shard: plano draws its 4 channels and each menos10_<c> its scaled c
        // (8), every other channel is kept (sem_<c>: 3 each, menos10_<c>: 3 each, 24); the second
        // replica drops the first's
        for (const k of kept) expect([k.contacts.misses, k.contacts.hits]).toEqual([2 * 8, 2 * 24]);
      }
    });
  }

  const pool = createPool({ threads: 2 });
  afterAll(() => pool.close());
  it('simulate shares them when its memory holds them beside the tasks, not otherwise, with the same counts', async () => {
    const plan = cases[0][1];
    const counts = (rs: Record<string, ReplicaResult[]>) =>
      Object.entries(rs).map(([v, reps]) => [v, reps.map((r) => [r.serie, r.seriePublico, r.frequencia!, r.celulas].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64')))]);
    const roomy = await simulate(plan.scenario, { plan, pool, memoryBytes: 2 ** 40 });
    // room for two tasks' kernels and not for what they would keep
    const tight = await simulate(plan.scenario, { plan, pool, memoryBytes: 2 * plan.bytesPorTarefa + 1 });
    expect([roomy.contatosPartilhados, tight.contatosPartilhados, tight.tarefasSimultaneas]).toEqual([true, false, 2]);
    expect(counts(roomy.variantes)).toEqual(counts(tight.variantes));
  });
});
