// The kernel's daily steps skip and block their work: adoption goes by blocks of 16 persons with
// one left (P_LIVE_BLOCK, each person's household base from P_HH_BASE) while more than 7 in 10
// households have a member left, then visits only those households (P_LIVE_HH) and their members
// until the persons left fit a compact copy of them (P_COMPACT, at most 3/8 of the persons), then
// that copy, 4 per f32x4 each way, with the adopters recorded a batch later; reception's social pass takes runs of households without spreaders 4 persons per f32x4
// and skips days without spreaders; its reset finds the contacts of a run of at most 32 days by
// counting days below the target instead of bisecting. Here the plain loop they replace (every household, every
// person, one f32 operation at a time, Math.fround after each) runs in TypeScript from the
// state before each day, and the kernel's state after the day must equal it bit for bit.
import { describe, expect, it } from 'vitest';
import { ABI } from '../../src/kernel/abi.js';
import { KernelInstance } from '../../src/kernel/instance.js';
import type { KernelPopulation } from '../../src/kernel/kernel-population.js';
import { replicaKey } from '../../src/kernel/rng-key.js';
import { modelFor } from '../../src/models/model-registry.js';
import { compilePlanFor } from '../../src/plan/compile-plan.js';
import type { Plan } from '../../src/plan/types.js';
import type { Population } from '../../src/release/types.js';
import { buildFixturePopulation } from '../fixtures/population-fixture.js';
import { adoptionScenario, parameters, receptionScenario } from '../fixtures/scenarios.js';

const f = Math.fround;

/** Typed views of the kernel arrays at header slots (valid until the memory grows). */
function views(k: KernelInstance) {
  const s = k.layout!.slots;
  const buf = k.memory.buffer;
  return {
    f32: (slot: number, n: number) => new Float32Array(buf, s[slot], n),
    u16: (slot: number, n: number) => new Uint16Array(buf, s[slot], n),
    u8: (slot: number, n: number) => new Uint8Array(buf, s[slot], n),
    i32: (slot: number, n: number) => new Int32Array(buf, s[slot], n),
    param: (p: number) => new Float64Array(buf, k.layout!.header + ABI.PARAMS_OFFSET, ABI.PARAMS)[p],
  };
}

/** The bits of an f32 array (so -0, +0 and NaN payloads compare as stored). */
const bits = (a: Float32Array) => new Uint32Array(a.buffer.slice(a.byteOffset, a.byteOffset + a.byteLength));

function counterArrays(k: KernelInstance, pop: KernelPopulation) {
  const v = views(k);
  return {
    group: v.i32(ABI.P_CNT_GROUP, pop.nGroups + 1),
    tract: v.i32(ABI.P_CNT_TRACT, pop.nTracts),
    dig: v.i32(ABI.P_CNT_DIG, pop.nDig + 1),
    mun: v.i32(ABI.P_CNT_MUN, pop.nMun),
    hh: v.i32(ABI.P_CNT_HH, pop.nHouseholds),
  };
}

/** The multipliers and the day's group, tract and digital-cell share tables the kernel prepared. */
function shareTables(k: KernelInstance, pop: KernelPopulation) {
  const v = views(k);
  return {
    mult: v.f32(ABI.P_MULT, pop.nPersons),
    tG: v.f32(ABI.P_TAB_G, pop.nGroups + 1),
    tV: v.f32(ABI.P_TAB_V, pop.nTracts),
    tD: v.f32(ABI.P_TAB_D, pop.nDig + 1),
  };
}

/** The adoption step as one loop over every household and person, from copies of the day-start state. */
function plainAdoptionDay(k: KernelInstance, pop: KernelPopulation, day: number, rem: Float32Array, aday: Uint16Array, counters: ReturnType<typeof counterArrays>) {
  const v = views(k);
  const { mult, tG, tV, tD } = shareTables(k, pop);
  const tDamp = v.f32(ABI.P_TAB_DAMP, pop.nMun);
  const e0 = f(v.param(ABI.F_E0));
  const ex = f(v.param(ABI.F_EXPO));
  const wH = f(v.param(ABI.F_W_HH));
  const adoptedAtStart = counters.hh.slice();
  for (let h = 0; h < pop.nHouseholds; h++) {
    const a = pop.hhStart[h];
    const b = pop.hhStart[h + 1];
    const adopted = adoptedAtStart[h];
    const size = b - a;
    if (adopted >= size) continue;
    const t = pop.hhTract[h];
    const m = pop.tractMun[t];
    const fh = size > 1 ? f(f(wH * adopted) / (size - 1)) : 0;
    const base = f(fh + tV[t]);
    for (let i = a; i < b; i++) {
      if (aday[i] !== 0) continue;
      const g = pop.group[i];
      const dc = pop.dcell[i];
      const s = f(f(base + tG[g]) + tD[dc]);
      const lambda = f(f(mult[i] * f(e0 + f(ex * s))) * tDamp[m]);
      const r = f(rem[i] - lambda);
      rem[i] = r;
      if (r <= 0) {
        aday[i] = day;
        counters.group[g]++;
        counters.tract[t]++;
        counters.dig[dc]++;
        counters.mun[m]++;
        counters.hh[h]++;
      }
    }
  }
}

/** Reception's social pass as one loop over every household and person (rem and sday), from copies of the day-start state. */
function plainSocialPass(k: KernelInstance, pop: KernelPopulation, day: number, rem: Float32Array, sday: Uint16Array, eday: Uint16Array, resp: Uint8Array, cH: Int32Array) {
  const v = views(k);
  const { mult, tG, tV, tD } = shareTables(k, pop);
  const uG = v.f32(ABI.P_UNIT_G, pop.nGroups + 1);
  const uV = v.f32(ABI.P_UNIT_V, pop.nTracts);
  const uD = v.f32(ABI.P_UNIT_D, pop.nDig + 1);
  const ex = f(v.param(ABI.F_EXPO));
  const wH = f(v.param(ABI.F_W_HH));
  const period = v.param(ABI.F_PERIOD);
  for (let h = 0; h < pop.nHouseholds; h++) {
    const a = pop.hhStart[h];
    const b = pop.hhStart[h + 1];
    const t = pop.hhTract[h];
    const size = b - a;
    const hUnit = size > 1 ? f(wH / (size - 1)) : 0;
    // the household's spreaders: the counter's low 8 bits in a household of at most 23 (the
    // others are its members' bits, assembly/reception.ts), the counter in a larger one
    const spreaders = size <= 23 ? cH[h] & 255 : cH[h];
    const base = f(f(hUnit * spreaders) + tV[t]);
    const selfV = f(hUnit + uV[t]);
    for (let i = a; i < b; i++) {
      if (sday[i] !== 0) continue;
      const g = pop.group[i];
      const dc = pop.dcell[i];
      let s = f(f(base + tG[g]) + tD[dc]);
      if (resp[i] === 3 && eday[i] < day && day - eday[i] <= period) s = f(s - f(f(selfV + uG[g]) + uD[dc]));
      const lambda = f(f(ex * s) * mult[i]);
      if (lambda > 0) {
        rem[i] = f(rem[i] - lambda);
        if (rem[i] <= 0) sday[i] = day;
      }
    }
  }
}

const pop = buildFixturePopulation({ persons: 6_000, municipios: 2, tractsPerMunicipality: 4, seed: 'plain-loop' });

type Views = ReturnType<typeof views>;

/**
 * Runs every day of the plan's first task on a new kernel: `before` copies the day-start state the
 * plain loop needs, then the kernel does the day (stepDay), then `check` gets both.
 */
async function eachDay<S>(plan: Plan, before: (v: Views, k: KernelInstance) => S, check: (day: number, state: S, k: KernelInstance) => void): Promise<KernelInstance> {
  const k = await KernelInstance.create();
  k.begin(modelFor(plan.familia).kernel, plan.kernelPopulation, plan.kernel, plan.variantes[0].escala, replicaKey(plan.grupoComparacao, 0));
  for (let d = 1; d <= plan.kernel.dias; d++) {
    const state = before(views(k), k);
    k.stepDay(modelFor(plan.familia).kernel, plan.kernel, d);
    check(d, state, k);
  }
  return k;
}

describe('the skipping and blocked daily steps give the state of the plain loop', () => {
  /** Every adoption day after the launch against the plain loop; the kernel at the end. */
  async function checkAdoption(population: Population, beta0: number) {
    const plan = compilePlanFor(adoptionScenario({ lancamento: { dia: 3, cenario_base: 'pix' }, horizonte: { data_inicio: '2026-01-05', dias: 40 } }), population, parameters({ beta0 }));
    const kp = plan.kernelPopulation;
    let stepped = 0;
    // the shares of households with a member left and of persons left at each stepped day's start
    // (the step goes by blocks above 7 in 10 households, by households below until the persons
    // left fit the compact copy)
    const listed: number[] = [];
    const left: number[] = [];
    const k = await eachDay(
      plan,
      (v, k) => {
        const c = counterArrays(k, kp);
        const counters = { group: c.group.slice(), tract: c.tract.slice(), dig: c.dig.slice(), mun: c.mun.slice(), hh: c.hh.slice() };
        return { rem: v.f32(ABI.P_REM, kp.nPersons).slice(), aday: v.u16(ABI.P_DAY_A, kp.nPersons).slice(), counters };
      },
      (d, { rem, aday, counters }, k) => {
        if (d <= plan.kernel.lancamentoDia) return; // no step before the launch; the launch is one plain loop
        listed.push(counters.hh.filter((a, h) => a < kp.hhStart[h + 1] - kp.hhStart[h]).length / kp.nHouseholds);
        left.push(aday.filter((x) => x === 0).length / kp.nPersons);
        plainAdoptionDay(k, kp, d, rem, aday, counters);
        const after = views(k);
        expect(bits(after.f32(ABI.P_REM, kp.nPersons)), `rem, day ${d}`).toEqual(bits(rem));
        expect(after.u16(ABI.P_DAY_A, kp.nPersons), `adoption day, day ${d}`).toEqual(aday);
        expect(counterArrays(k, kp), `counters, day ${d}`).toEqual(counters);
        stepped++;
      },
    );
    expect(stepped).toBe(37);
    return { k, kp, listed, left };
  }

  it('adoption: every day of a run where most households adopt in full (and drop out of the list)', async () => {
    const { k, kp, listed, left } = await checkAdoption(pop, Math.log(0.05));
    // the three loops ran: by blocks on the first days, by households on the next ones, over the
    // compact copy on the last ones
    const compact = ABI.ADOPTION_COMPACT_EIGHTHS / 8;
    expect(listed.filter((x) => x > 0.7).length).toBeGreaterThan(1);
    expect(listed.filter((x, d) => x <= 0.7 && left[d] > compact).length).toBeGreaterThan(0);
    expect(left.filter((x) => x <= compact).length).toBeGreaterThan(10);
    // and the compact copy's person array begins with the persons left, ascending
    const dayA = views(k).u16(ABI.P_DAY_A, kp.nPersons);
    const personsLeft = [...dayA.keys()].filter((i) => dayA[i] === 0);
    expect(personsLeft.length).toBeGreaterThan(0);
    expect([...new Uint32Array(k.memory.buffer, k.layout!.slots[ABI.P_COMPACT], personsLeft.length)]).toEqual(personsLeft);
    // the run reaches the case the list is for: households whose last member adopted
    let full = 0;
    for (let h = 0; h < kp.nHouseholds; h++) {
      let all = true;
      for (let i = kp.hhStart[h]; i < kp.hhStart[h + 1]; i++) all &&= dayA[i] !== 0;
      if (all) full++;
    }
    expect(full / kp.nHouseholds).toBeGreaterThan(0.5);
  });

  it('adoption: households of 16 members or more (their share computed, not read from the table by size)', async () => {
    const { kp, left } = await checkAdoption(buildFixturePopulation({ persons: 6_000, householdSize: 20, municipios: 2, seed: 'plain-loop' }), Math.log(0.05));
    expect(kp.hhStart[1] - kp.hhStart[0]).toBeGreaterThanOrEqual(16);
    expect(left.some((x) => x <= ABI.ADOPTION_COMPACT_EIGHTHS / 8)).toBe(true);
  });

  it('adoption: two UFs (14 digital cells: their shares gathered, not looked up by byte as with one UF)', async () => {
    const one = buildFixturePopulation({ persons: 6_000, municipios: 2, seed: 'plain-loop' });
    // the second municipality in a second UF
    const munUf = new Uint8Array(new SharedArrayBuffer(one.munUf.length));
    munUf[1] = 1;
    const { kp, listed, left } = await checkAdoption({ ...one, ufs: ['RR', 'AP'], munUf }, Math.log(0.05));
    expect(kp.nDig).toBe(2 * ABI.AGE_GROUPS);
    expect(listed.some((x) => x > 0.7)).toBe(true);
    expect(left.some((x) => x <= ABI.ADOPTION_COMPACT_EIGHTHS / 8)).toBe(true);
  });

  it('adoption: more adopters in one household on one day than a batch holds (1,024)', async () => {
    const { k, kp } = await checkAdoption(buildFixturePopulation({ persons: 6_000, householdSize: 3_000, municipios: 1, seed: 'plain-loop' }), Math.log(0.5));
    expect(kp.nHouseholds).toBe(2);
    const perDay = new Map<string, number>();
    const dayA = views(k).u16(ABI.P_DAY_A, kp.nPersons);
    for (let i = 0; i < kp.nPersons; i++) if (dayA[i] > 3) perDay.set(`${i < 3_000}-${dayA[i]}`, (perDay.get(`${i < 3_000}-${dayA[i]}`) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeGreaterThan(1_024);
  });

  it('reception: the social pass on every day, with and without spreaders', async () => {
    const plan = compilePlanFor(receptionScenario({ horizonte: { data_inicio: '2026-01-05', dias: 21 } }), pop, parameters());
    const kp = plan.kernelPopulation;
    const n = kp.nPersons;
    let withSpreaders = 0;
    await eachDay(
      plan,
      (v) => ({
        rem: v.f32(ABI.P_REM, n).slice(), sday: v.u16(ABI.P_SDAY, n).slice(), eday: v.u16(ABI.P_DAY_A, n).slice(),
        resp: v.u8(ABI.P_RESP, n).slice(), cH: v.i32(ABI.P_CNT_HH, kp.nHouseholds).slice(),
      }),
      (d, { rem, sday, eday, resp, cH }, k) => {
        if (cH.some((x) => x !== 0)) withSpreaders++;
        plainSocialPass(k, kp, d, rem, sday, eday, resp, cH);
        const after = views(k);
        expect(bits(after.f32(ABI.P_REM, n)), `rem, day ${d}`).toEqual(bits(rem));
        expect(after.u16(ABI.P_SDAY, n), `social exposure day, day ${d}`).toEqual(sday);
      },
    );
    expect(withSpreaders).toBeGreaterThan(10);
    expect(withSpreaders).toBeLessThan(plan.kernel.dias);
  });
  it.each([4, 2, 1])('reception, %i channels: the contacts of a 21-day run are those of a 42-day and a 300-day run whose channels end by day 21', async (nC) => {
    // the same channels over the first 21 days give the same summed day factors and draws, and
    // none after day 21; the 21-day run finds its contacts by the padded count, the longer runs (more
    // than 32 days) by the bisection and nextContactCount. The reset does every contact of a run
    // (runContacts), so its state after the reset is the run's
    const canais = receptionScenario().canais!.slice(0, nC);
    const cut = canais.map((c) => ({ ...c, dia_inicio: Math.min(c.dia_inicio, 21), dia_fim: Math.min(c.dia_fim, 21) }));
    const over = (dias: number, cs = cut) => compilePlanFor(receptionScenario({ canais: cs, horizonte: { data_inicio: '2026-01-05', dias } }), pop, parameters());
    const [short, long, longer, uncut] = [over(21), over(42), over(300), over(42, canais)];
    expect([short, long, longer].map((p) => [p.kernel.dias, p.kernel.nChannels])).toEqual([[21, nC], [42, nC], [300, nC]]);
    const n = short.kernelPopulation.nPersons;
    const contacts = async (plan: Plan) => {
      const k = await KernelInstance.create();
      k.begin(modelFor(plan.familia).kernel, plan.kernelPopulation, plan.kernel, plan.variantes[0].escala, replicaKey(plan.grupoComparacao, 0));
      const v = views(k);
      return { mday: v.u16(ABI.P_MDAY, n).slice(), dday: v.u16(ABI.P_DDAY, n).slice(), freq: v.u8(ABI.P_FREQ, nC * n).slice() };
    };
    const [a, b, c, d] = [await contacts(short), await contacts(long), await contacts(longer), await contacts(uncut)];
    expect(b, 'the 42-day run').toEqual(a);
    expect(c, 'the 300-day run').toEqual(a);
    // the channels' contacts: within the 21 days, and more in the run whose channels go on
    const sum = (x: Uint8Array) => x.reduce((s, y) => s + y, 0);
    expect(sum(a.freq)).toBeGreaterThan(0);
    expect(sum(d.freq)).toBeGreaterThan(sum(a.freq));
  });
});
