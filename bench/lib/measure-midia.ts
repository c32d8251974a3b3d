// What bench/midia.ts measures on the built population of a release: its margins (national and
// per UF, src/plan/population-margins.ts), a one-channel TV campaign at intensidade 1 over RR
// (day-1 reach by age group against the model's tv_diaria), and the population build time of RR
// against the release the population is shared with (before/after the internet model); from case
// edition 2 also the daily internet use of persons 15+ by schooling (the PBM's base and gradient).
import { caseEdition, type MidiaPopulation } from '../../calibration/midia/midia-case.js';
import { defaultParameters } from '../../src/plan/default-parameters.js';
import { dailyUse } from '../../src/models/recepcao/media-habits.js';
import { populationMargins } from '../../src/plan/population-margins.js';
import { receptionCell } from '../../src/models/recepcao/reception-profiles.js';
import { ageGroupOf, gridCell, gridCellCount } from '../../src/release/publication-grid.js';
import { buildUfPopulation } from '../../src/population/population-builder.js';
import { builderOptions, ensureUfPopulation } from '../../src/population/population-store.js';
import { openRelease } from '../../src/release/release.js';
import { NIVEIS_INSTRUCAO, PERSON_ATTRS, personAttr, type BuildableRelease, type UfCode } from '../../src/release/types.js';
import { simulate } from '../../src/simulate.js';
import { canal, receptionScenario } from '../../test/fixtures/scenarios.js';

/** The margins of every UF of the release (built and cached on first use). */
export async function measurePopulation(release: string, log: (s: string) => void): Promise<MidiaPopulation> {
  const ufs: MidiaPopulation['ufs'] = [];
  const margens = await populationMargins(release, undefined, (uf, rows) => {
    const t = rows.find((r) => r.eixo === 'total' && r.medida === 'internet')!;
    ufs.push({ uf, pessoas: t.pessoas, internet: t.valor! });
    log(`margens ${uf}`);
  });
  if (caseEdition(release) === 1) return { release, margens, ufs };
  return { release, margens, ufs, escolaridade_15mais: await measureSchooling15(release) };
}

/** Persons 15+ of every UF by the spec's schooling level, and their mean daily internet use (media-habits.ts). */
async function measureSchooling15(release: string): Promise<NonNullable<MidiaPopulation['escolaridade_15mais']>> {
  const rel = openRelease(release) as BuildableRelease;
  const n = new Float64Array(NIVEIS_INSTRUCAO.length), q = new Float64Array(NIVEIS_INSTRUCAO.length);
  for (const uf of rel.ufs as UfCode[]) {
    const pop = await ensureUfPopulation(rel, uf, undefined, false, false);
    for (let h = 0; h < pop.hhTract.length; h++) {
      const urbano = pop.tractUrban[pop.hhTract[h]] === 1;
      for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
        if (pop.age5[i] < 3) continue;
        const e = personAttr(pop.attrs[i], PERSON_ATTRS.escolaridade);
        n[e]++;
        q[e] += dailyUse('internet', receptionCell(pop.age5[i], pop.attrs[i], urbano));
      }
    }
  }
  return NIVEIS_INSTRUCAO.map((segmento, e) => ({ segmento, pessoas: n[e], internet_diaria: q[e] / n[e] }));
}

/**
 * Reach of a TV campaign at intensidade 1 over RR after `days` days, by age group, with the mean
 * tv_diaria (the day-1 target) and the share of TV users (about the 30-day target).
 */
export async function measureTvReach(release: string, days: number, replicas: number): Promise<Array<{
  grupo_idade: number; pessoas: number; alcance: number; tv_diaria: number; usuarios_tv: number; diferenca_dia1_pp: number;
}>> {
  const rel = openRelease(release);
  const pop = await rel.population(['RR']);
  const sc = receptionScenario({ release, replicas, canais: [canal('tv', 1, days, 1)], horizonte: { data_inicio: '2026-01-05', dias: days } });
  const res = await simulate(sc, { population: pop, parametros: defaultParameters(rel.manifest, 'recepcao'), celulas: 'todas' });
  const n = new Float64Array(7), q = new Float64Array(7), users = new Float64Array(7), got = new Float64Array(7);
  const ofCell = new Int8Array(gridCellCount('principal'));
  for (let h = 0; h < pop.nHouseholds; h++) {
    const urbano = pop.tractUrban[pop.hhTract[h]] === 1;
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      const g = ageGroupOf(pop.age5[i]);
      n[g]++;
      q[g] += dailyUse('tv', receptionCell(pop.age5[i], pop.attrs[i], urbano));
      users[g] += personAttr(pop.attrs[i], PERSON_ATTRS.tv);
      ofCell[gridCell('principal', pop.age5[i], pop.attrs[i])] = g;
    }
  }
  for (const r of res.variantes.plano) {
    const m = r.medidasCelulas.indexOf('exposta_midia_medida');
    const nM = r.medidasCelulas.length;
    for (let k = 0; k < r.celulas.length / nM; k++) got[ofCell[k % ofCell.length]] += r.celulas[k * nM + m] / replicas;
  }
  return Array.from({ length: 7 }, (_, g) => ({
    grupo_idade: g, pessoas: n[g], alcance: got[g] / n[g], tv_diaria: q[g] / n[g], usuarios_tv: users[g] / n[g],
    diferenca_dia1_pp: (100 * (got[g] - q[g])) / n[g],
  }));
}

/**
 * CPU seconds (user + system of this process, all its threads) to build one UF in memory (no file)
 * for two releases, alternating, `runs` times each: the minimum and the median. CPU time, not wall
 * time: on a shared machine another job's load stretches the wall clock of whichever build it
 * meets. Run it on a quiet heap (clearPopulationMemory first): garbage from earlier work lands on
 * whichever build runs next.
 */
export async function measureBuildSeconds(uf: UfCode, before: string, after: string, runs: number): Promise<{ antes: number; depois: number; antes_mediana: number; depois_mediana: number }> {
  const time = async (version: string) => {
    const rel = openRelease(version) as BuildableRelease;
    const t0 = process.cpuUsage();
    await buildUfPopulation(rel.version, rel.manifest.gerador.semente, uf, rel.municipalities(uf), (c) => rel.tractLayout(c), undefined, builderOptions(rel));
    const t = process.cpuUsage(t0);
    return (t.user + t.system) / 1e6;
  };
  await time(before);
  await time(after);
  const a: number[] = [], b: number[] = [];
  // ABBA order: whichever runs second in a pair is not favoured over the whole measurement.
  for (let k = 0; k < runs; k++) {
    if (k % 2 === 0) { a.push(await time(before)); b.push(await time(after)); } else { b.push(await time(after)); a.push(await time(before)); }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return { antes: Math.min(...a), depois: Math.min(...b), antes_mediana: median(a), depois_mediana: median(b) };
}
