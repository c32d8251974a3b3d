// A sharded task spread over the pool's threads (src/pool/pool.ts: a task arriving while two or
// more threads idle runs its shards on several threads that meet once a day) gives the results of
// the same task on one thread: RR cut into 4 shards, run whole on 1 thread, and in 2 and 3 parts
// on pools of 2 and 3 threads (whose cuts also fall near each thread's share of the persons);
// reception also at v2.1.0, whose responses follow exposure (the social memory and openings per person).
import { afterAll, describe, expect, it } from 'vitest';
import { layoutKernel, planShape } from '../../src/kernel/layout.js';
import { shardCuts } from '../../src/kernel/shards.js';
import { modelFor } from '../../src/models/model-registry.js';
import { compilePlan } from '../../src/plan/compile-plan.js';
import { createPool } from '../../src/pool/pool.js';
import type { ReplicaResult } from '../../src/pool/replica-result.js';
import { openRelease } from '../../src/release/release.js';
import { simulate } from '../../src/simulate.js';
import { adoptionScenario, receptionScenario } from '../fixtures/scenarios.js';

const pools = [1, 2, 3].map((threads) => createPool({ threads }));
afterAll(() => Promise.all(pools.map((p) => p.close())));

const bytes = (r: ReplicaResult) =>
  [r.serie, r.seriePublico, r.populacao, r.publico, r.celulas, r.celulasPopulacao, r.frequencia, r.alcancavel, r.serieDiaria]
    .filter((a) => a !== undefined)
    .map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64'))
    .join('|');

describe('a sharded task over several threads', () => {
  const horizonte = { data_inicio: '2026-01-05', dias: 14 };
  const recepcao = receptionScenario({
    geografia: { ufs: ['RR'] },
    replicas: 1,
    horizonte,
    canais: [
      { canal: 'tv', dia_inicio: 1, dia_fim: 14, intensidade: 0.6 },
      { canal: 'radio', dia_inicio: 1, dia_fim: 14, intensidade: 0.5 },
    ],
  });
  const scenarios = {
    recepcao,
    'recepcao v2.1.0': { ...recepcao, release: 'v2.1.0' },
    adocao: adoptionScenario({ geografia: { ufs: ['RR'] }, replicas: 1, horizonte }),
  };
  for (const [familia, sc] of Object.entries(scenarios)) {
    it(`${familia}: RR in 4 shards on 1, 2 and 3 threads gives the same counts`, async () => {
      // one task (one variant, one replica): on a fresh pool it takes a second thread only when spread
      const plan = await compilePlan(sc, openRelease(sc.release), { variantes: ['plano'], diario: true });
      const kp = plan.kernelPopulation;
      const shape = planShape(plan.kernel, modelFor(plan.familia).kernel);
      const budget = Math.ceil(layoutKernel(0, kp, shape).end * 0.3);
      expect(shardCuts(kp, shape, budget).length - 1).toBe(4);
      const one = await simulate(sc, { plan, pool: pools[0], maxShardBytes: budget });
      expect(one.shards).toBe(4);
      for (const pool of pools.slice(1)) {
        const many = await simulate(sc, { plan, pool, maxShardBytes: budget });
        expect(pool.threadsAlive()).toBe(pool.threads);
        expect(bytes(many.variantes.plano[0])).toBe(bytes(one.variantes.plano[0]));
      }
    });
  }
});
