// Sharding on the real release: two UFs (RR and AP) whose commuters cross the UF border are cut
// at that border (whole UFs per shard) and, with a smaller budget, inside each UF; every layout
// gives the results of one instance, at 2 threads (whose pool cuts also near half the persons).
import { afterAll, describe, expect, it } from 'vitest';
import { ABI } from '../../src/kernel/abi.js';
import { layoutKernel, planShape } from '../../src/kernel/layout.js';
import { shardCuts, shardPopulation } from '../../src/kernel/shards.js';
import { modelFor } from '../../src/models/model-registry.js';
import { compilePlan } from '../../src/plan/compile-plan.js';
import { createPool } from '../../src/pool/pool.js';
import type { ReplicaResult } from '../../src/pool/replica-result.js';
import { openRelease } from '../../src/release/release.js';
import { simulate } from '../../src/simulate.js';
import { receptionScenario } from '../fixtures/scenarios.js';

const two = createPool({ threads: 2 });
afterAll(() => two.close());

const bytes = (r: ReplicaResult) =>
  [r.serie, r.seriePublico, r.celulas, r.celulasPopulacao, r.frequencia!, r.alcancavel!].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64')).join('|');

describe('shards on the release (RR + AP)', () => {
  it('cuts at the UF border when each UF fits, exchanges the cross-border establishments, and changes no result', async () => {
    const release = openRelease('v1.0.0');
    const sc = receptionScenario({
      geografia: { ufs: ['RR', 'AP'] },
      replicas: 1,
      horizonte: { data_inicio: '2026-01-05', dias: 28 },
      canais: [
        { canal: 'tv', dia_inicio: 1, dia_fim: 28, intensidade: 0.6 },
        { canal: 'radio', dia_inicio: 1, dia_fim: 28, intensidade: 0.5 },
      ],
    });
    const plan = await compilePlan(sc, release);
    const kp = plan.kernelPopulation;
    const shape = planShape(plan.kernel, modelFor(plan.familia).kernel);
    const all = layoutKernel(0, kp, shape).end;
    const rrHouseholds = kp.hhTract.findIndex((t) => kp.munUf[kp.tractMun[t]] !== kp.munUf[kp.tractMun[kp.hhTract[0]]]);
    expect(rrHouseholds).toBeGreaterThan(0);

    const border = Math.ceil(all * 0.6);
    expect(shardCuts(kp, shape, border)).toEqual([0, rrHouseholds, kp.nHouseholds]);
    const layout = shardPopulation(kp, shape, border);
    const shared = (slot: number) => layout.exchange.find((x) => x.slot === slot)?.n ?? 0;
    expect(shared(ABI.P_CNT_GROUP)).toBeGreaterThan(0); // commuters to establishments across the border
    expect(shared(ABI.P_CNT_TRACT)).toBeGreaterThan(0); // neighbouring tracts across the border
    expect(shared(ABI.P_CNT_MUN)).toBe(0); // no municipality in both UFs

    const one = await simulate(sc, { plan, pool: two });
    expect(one.shards).toBe(1);
    for (const budget of [border, Math.ceil(all * 0.3)]) {
      const many = await simulate(sc, { plan, pool: two, maxShardBytes: budget });
      // the pool cuts for its 2 threads: also near half the persons (inside AP: the border is 3.5% off)
      expect(many.shards).toBe(shardCuts(kp, shape, budget, two.threads).length - 1);
      for (const [v, rs] of Object.entries(one.variantes)) expect(bytes(many.variantes[v][0])).toBe(bytes(rs[0]));
    }
  });
});
