// Kernel memory held between tasks: a wasm memory never shrinks, so a pool thread drops the
// instances its next task does not need (fitInstances) and exits when idle (createPool idleSeconds).
import { afterAll, describe, expect, it } from 'vitest';
import { KernelInstance } from '../../src/kernel/instance.js';
import { layoutKernel, planShape } from '../../src/kernel/layout.js';
import { replicaKey } from '../../src/kernel/rng-key.js';
import { planForShard, runShards } from '../../src/kernel/run-shards.js';
import { shardPopulation, singleShard } from '../../src/kernel/shards.js';
import { modelFor } from '../../src/models/model-registry.js';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import { claimPart } from '../../src/pool/claim-part.js';
import { fitInstances } from '../../src/pool/fit-instances.js';
import { splitShards } from '../../src/pool/shard-parts.js';
import { createPool } from '../../src/pool/pool.js';
import type { ReplicaResult } from '../../src/pool/replica-result.js';
import { simulate } from '../../src/simulate.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { hashState } from '../fixtures/run-in-thread.js';
import { receptionScenario, parameters } from '../fixtures/scenarios.js';

const scenario = receptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 28 } });
const big = compilePlanFor(scenario, buildFixturePopulation({ persons: 60_000, municipios: 3, tractsPerMunicipality: 8, seed: 'big' }), parameters());
const smallPop = buildFixturePopulation({ persons: 4_000, municipios: 1, tractsPerMunicipality: 4, seed: 'small' });
const small = compilePlanFor(scenario, smallPop, parameters());

function stateAfter(instances: KernelInstance[], plan: typeof big, layout = singleShard(plan.kernelPopulation)) {
  runShards(modelFor(plan.familia).kernel, instances, layout, plan.kernel, plan.variantes[0].escala, replicaKey(plan.grupoComparacao, 0));
  return hashState(instances[0].state());
}

describe('fitInstances', () => {
  it('keeps an instance that fits, drops extra shards and oversized memories, and the fresh instance gives the same state', async () => {
    const bytes = layoutKernel(0, big.kernelPopulation, planShape(big.kernel, modelFor(big.familia).kernel)).end;
    const three = shardPopulation(big.kernelPopulation, planShape(big.kernel, modelFor(big.familia).kernel), Math.ceil(bytes / 3) + 4096);
    expect(three.shards.length).toBeGreaterThanOrEqual(3);

    const instances: KernelInstance[] = [];
    await fitInstances(instances, three, big.kernel, 0);
    expect(instances).toHaveLength(three.shards.length);
    runShards(modelFor(big.familia).kernel, instances, three, big.kernel, big.variantes[0].escala, replicaKey(big.grupoComparacao, 0));

    // the same layout again: every instance kept (nothing copied in again)
    const kept = [...instances];
    await fitInstances(instances, three, big.kernel, 0);
    instances.forEach((k, i) => expect(k).toBe(kept[i]));

    // the big population in one shard: the first instance is kept (it holds less than it needs
    // and grows), the others are dropped
    const whole = singleShard(big.kernelPopulation);
    await fitInstances(instances, whole, big.kernel, 0);
    expect(instances).toHaveLength(1);
    expect(instances[0]).toBe(kept[0]);
    const bigState = stateAfter(instances, big);
    const heldBig = instances[0].bytesHeld;
    expect(heldBig).toBeGreaterThanOrEqual(instances[0].bytesNeeded(modelFor(big.familia).kernel, big.kernelPopulation, big.kernel));

    // a population 15 times smaller: the big memory is dropped for a fresh instance of its size
    const small1 = singleShard(small.kernelPopulation);
    await fitInstances(instances, small1, small.kernel, 0);
    expect(instances[0]).not.toBe(kept[0]);
    const fresh = await KernelInstance.create();
    expect(stateAfter(instances, small)).toBe(stateAfter([fresh], small));
    expect(instances[0].bytesHeld).toBeLessThan(heldBig / 4);

    // with the default slack (256 MiB) a few MiB of excess is kept
    const again = [fresh];
    await fitInstances(again, whole, big.kernel);
    await fitInstances(again, small1, small.kernel);
    expect(again[0]).toBe(fresh);
    expect(stateAfter(again, big)).toBe(bigState);
  });
});

describe('a task spread over threads run again', () => {
  it('each thread claims the part its instances hold, and fitInstances keeps them in the part\'s order', async () => {
    const bytes = layoutKernel(0, big.kernelPopulation, planShape(big.kernel, modelFor(big.familia).kernel)).end;
    const three = shardPopulation(big.kernelPopulation, planShape(big.kernel, modelFor(big.familia).kernel), Math.ceil(bytes / 3) + 4096);
    const parts = splitShards(three, 2);
    const slice = (j: number) => ({ ...three, shards: three.shards.slice(parts[j].first, parts[j].first + parts[j].count) });
    // two threads' instances after a first run: one holds part 0's shards, the other part 1's
    const threads: KernelInstance[][] = [[], []];
    for (const j of [0, 1]) {
      await fitInstances(threads[j], slice(j), big.kernel, 0);
      slice(j).shards.forEach((s, k) => threads[j][k].load(modelFor(big.familia).kernel, s.pop, planForShard(big.kernel, s, false)));
    }
    // run again: whichever thread starts first, each claims its own part
    for (const first of [0, 1]) {
      const claims = new Int32Array(new SharedArrayBuffer(8));
      const got = [first, 1 - first].map((t) => claimPart(parts, claims, three, threads[t]));
      expect(got[0]).toBe(parts[first]);
      expect(got[1]).toBe(parts[1 - first]);
      expect(() => claimPart(parts, claims, three, [])).toThrow(RangeError);
    }
    // a thread that ran the whole task keeps the instances of the part it is handed, in the part's order
    const whole: KernelInstance[] = [];
    await fitInstances(whole, three, big.kernel, 0);
    runShards(modelFor(big.familia).kernel, whole, three, big.kernel, big.variantes[0].escala, replicaKey(big.grupoComparacao, 0));
    const before = [...whole];
    const last = parts[1];
    await fitInstances(whole, slice(1), big.kernel, 0);
    expect(whole).toEqual(before.slice(last.first, last.first + last.count));
    whole.forEach((k, i) => expect(k.holds(three.shards[last.first + i].pop)).toBe(true));
  });
});

describe('pool idle exit', () => {
  const pool = createPool({ threads: 2, idleSeconds: 0.3 });
  afterAll(() => pool.close());
  const bytes = (r: ReplicaResult) => [r.serie, r.celulas, r.frequencia!].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64')).join('|');

  it('threads exit after idleSeconds without work, and the next job starts them again with the same results', async () => {
    const sc = receptionScenario({ replicas: 2, canais: receptionScenario().canais!.slice(0, 2) });
    const a = await simulate(sc, { population: smallPop, parametros: parameters(), pool });
    expect(pool.threadsAlive()).toBeGreaterThanOrEqual(1);
    // polled, not slept: on a loaded machine the idle timers may fire late; threads that never
    // exit still fail after the deadline
    for (const deadline = Date.now() + 60_000; pool.threadsAlive() > 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
    expect(pool.threadsAlive()).toBe(0);
    const b = await simulate(sc, { population: smallPop, parametros: parameters(), pool });
    for (const [v, rs] of Object.entries(a.variantes)) rs.forEach((r, k) => expect(bytes(b.variantes[v][k])).toBe(bytes(r)));
  });
});
