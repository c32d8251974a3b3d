// Population build benchmark, the newest release unless --release says otherwise. Every build runs from
// scratch in a child process (so the memory peak is the build's own) into a temporary cache.
//
// node dist/bench/population.js (npm run bench:population): builds RR and SP one at a time, then all
// 27 UFs in one process, measuring against the 2022 Census every municipality of Brazil (households
// vs v0007, mean size vs v0005, residents per district vs v0001, sex x age counts), then loads the
// merged population of Brazil. Writes bench/out/population.json (per-UF builds, the Census fit
// of every municipality, the all-UF build time) and bench/out/population-brasil.json (bench/lib/bench-output.ts).
// node dist/bench/population.js RR AP: only those UFs (population.json, fit of their municipalities).
// node dist/bench/population.js --brasil: only the all-UF build and merge (population-brasil.json).
// Targets: RR < 3 s, SP < 60 s, all 27 UFs < 240 s, SP peak RSS < 4 GiB, <= 16 stored bytes per
// person; households within 2% of v0007 in every municipality (median under 0.5%), 0 districts off
// their Census residents, sex x age shares within 0.05 pp of the Census counts'.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addComposition, emptyComposition, measureCensusFit, type CensusFit } from '../src/population/census-fit.js';
import { clearPopulationMemory, ensureUfPopulation, populationFilePath } from '../src/population/population-store.js';
import { listReleases, newestRelease, openRelease } from '../src/release/release.js';
import { NO_GROUP, UF_CODES, type BuildableRelease, type UfCode } from '../src/release/types.js';
import type { UfPopulation } from '../src/population/population-builder.js';
import { oneOf, parseBenchArgs } from './lib/bench-args.js';
import { writeBenchResult } from './lib/bench-output.js';

interface Row {
  uf: string;
  persons: number;
  /** Household ranges: from generator 1.2.0 the occupied private households plus one per collective resident. */
  households: number;
  collective_residents?: number;
  build_seconds: number;
  load_seconds: number;
  peak_rss_mib: number;
  stored_bytes_per_person: number;
  file_bytes: number;
}

/** The per-municipality and per-district figures of a fit, small enough to send between processes. */
interface FitParts {
  municipalities: CensusFit['municipalities'];
  districts: Array<[number, number, number, number]>; // residents, census residents, households, census households
  tractsOutsideDistricts: number;
  composition: CensusFit['composition'];
}

function fitParts(pop: UfPopulation): FitParts | null {
  if (!pop.tractCollective) return null;
  const f = measureCensusFit(pop);
  return {
    municipalities: f.municipalities, tractsOutsideDistricts: f.tractsOutsideDistricts, composition: f.composition,
    districts: f.districts.map((d) => [d.residents, d.censusResidents, d.households, d.censusHouseholds]),
  };
}

function mergeFits(parts: FitParts[]): FitParts {
  const out: FitParts = { municipalities: [], districts: [], tractsOutsideDistricts: 0, composition: emptyComposition() };
  for (const p of parts) {
    out.municipalities.push(...p.municipalities);
    out.districts.push(...p.districts);
    out.tractsOutsideDistricts += p.tractsOutsideDistricts;
    addComposition(out.composition, p.composition);
  }
  return out;
}

const pct = (x: number, d = 3) => +(100 * x).toFixed(d);

/** What the JSON reports of a fit: errors per municipality (median, max), mismatches, composition. */
function summarizeFit(f: FitParts) {
  const ms = f.municipalities;
  const rel = ms.map((m) => Math.abs(m.households - m.censusHouseholds) / m.censusHouseholds).sort((a, b) => a - b);
  const worst = [...ms].sort((a, b) => Math.abs(b.households - b.censusHouseholds) / b.censusHouseholds - Math.abs(a.households - a.censusHouseholds) / a.censusHouseholds)[0];
  const meanOff = ms.map((m) => Math.abs(m.meanSize - m.censusMeanSize));
  const c = f.composition;
  return {
    municipalities: ms.length,
    households: {
      synthetic: ms.reduce((s, m) => s + m.households, 0), census_v0007: ms.reduce((s, m) => s + m.censusHouseholds, 0),
      median_relative_error_pct: pct(rel[rel.length >> 1], 4), max_relative_error_pct: pct(rel[rel.length - 1], 4),
      municipalities_within_2pct: rel.filter((x) => x <= 0.02).length, municipalities_exact: rel.filter((x) => x === 0).length,
      worst: { codigo: worst.codigo, synthetic: worst.households, census: worst.censusHouseholds },
    },
    mean_size: {
      // v0005 is published to 1 decimal: the synthetic mean rounds to it when within 0.05.
      municipalities_outside_published_rounding: meanOff.filter((x) => x > 0.05 + 1e-9).length,
      max_abs_difference: +Math.max(...meanOff).toFixed(4),
    },
    size_variance: {
      // V06003 (permanent households) is published as an integer.
      municipalities_rounding_to_published: ms.filter((m) => Math.round(m.sizeVariance) === m.censusSizeVariance).length,
      mean_difference: +(ms.reduce((s, m) => s + m.sizeVariance - m.censusSizeVariance, 0) / ms.length).toFixed(3),
    },
    districts: {
      count: f.districts.length,
      residents_mismatches: f.districts.filter((d) => d[0] !== d[1]).length,
      households_mismatches: f.districts.filter((d) => d[2] !== d[3]).length,
      tracts_outside_census_districts: f.tractsOutsideDistricts,
    },
    sex_age: {
      // Against the Census counts (largest remainders of the Census total), and against the source
      // shares before that rounding (at most 0.5 / residents per cell, whatever the generator).
      max_count_difference: Math.max(...ms.map((m) => m.sexAgeCountDiff)),
      max_share_deviation_pp: +Math.max(...ms.map((m) => m.sexAgeShareDevPp)).toFixed(4),
      max_share_deviation_from_source_shares_pp: +Math.max(...ms.map((m) => m.sexAgeSourceDevPp)).toFixed(4),
    },
    collective_residents: ms.reduce((s, m) => s + m.collective, 0),
    composition: {
      households: c.households, mean_size: +(c.persons / c.households).toFixed(3),
      size_shares_pct_1_to_10plus: c.sizeCounts.map((x) => pct(x / c.households, 1)),
      one_person_pct: pct(c.onePerson / c.households, 1), with_child_under_15_pct: pct(c.withChild / c.households, 1),
      with_person_60plus_pct: pct(c.withOlder / c.households, 1), child_and_60plus_pct: pct(c.threeGenerations / c.households, 1),
      persons_60plus_living_alone_pct: pct(c.olderAlone / c.older, 1),
    },
  };
}

async function child(uf: UfCode, release: string): Promise<void> {
  const rel = openRelease(release) as BuildableRelease;
  const t0 = performance.now();
  const pop = await ensureUfPopulation(rel, uf, undefined, true);
  const build = (performance.now() - t0) / 1000;
  clearPopulationMemory();
  const t1 = performance.now();
  await ensureUfPopulation(rel, uf);
  const load = (performance.now() - t1) / 1000;
  const stored = pop.age5.byteLength + pop.attrs.byteLength + pop.group.byteLength + pop.hhStart.byteLength + pop.hhTract.byteLength;
  const row: Row = {
    uf, persons: pop.age5.length, households: pop.hhTract.length, build_seconds: +build.toFixed(2), load_seconds: +load.toFixed(2),
    peak_rss_mib: Math.round(process.resourceUsage().maxRSS / 1024),
    stored_bytes_per_person: +(stored / pop.age5.length).toFixed(2),
    file_bytes: statSync(populationFilePath(release, uf)).size,
  };
  if (pop.tractCollective) row.collective_residents = pop.tractCollective.reduce((s, x) => s + x, 0);
  process.stdout.write(JSON.stringify({ row, fit: fitParts(pop) }) + '\n');
}

/** Child: build every UF (not kept in memory) measuring its Census fit, or load the merged population of all of them. */
async function brasilChild(stage: string, release: string): Promise<void> {
  const rel = openRelease(release) as BuildableRelease;
  const t0 = performance.now();
  const out: Record<string, unknown> = {};
  if (stage === 'build') {
    let persons = 0, buildSeconds = 0;
    const fits: FitParts[] = [];
    for (const uf of UF_CODES) {
      const t = performance.now();
      const pop = await ensureUfPopulation(rel, uf, undefined, true, false);
      buildSeconds += (performance.now() - t) / 1000;
      persons += pop.age5.length;
      const f = fitParts(pop);
      if (f) fits.push(f);
    }
    out.persons = persons;
    out.build_seconds = +buildSeconds.toFixed(1);
    if (fits.length) out.fit = mergeFits(fits);
  } else {
    const pop = await rel.population([...UF_CODES]);
    out.persons = pop.nPersons;
    out.tracts = pop.nTracts;
    let workers = 0, cross = 0;
    const home = new Uint16Array(pop.nPersons);
    for (let h = 0; h < pop.nHouseholds; h++) home.fill(pop.tractMun[pop.hhTract[h]], pop.hhStart[h], pop.hhStart[h + 1]);
    for (let p = 0; p < pop.nPersons; p++) {
      const g = pop.group[p];
      if (g === NO_GROUP || g < pop.nTurmas) continue;
      workers++;
      if (pop.munUf[pop.groupMun[g]] !== pop.munUf[home[p]]) cross++;
    }
    out.cross_uf_commuter_share = +(cross / workers).toFixed(4);
  }
  out.seconds = +((performance.now() - t0) / 1000).toFixed(1);
  out.peak_rss_mib = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(JSON.stringify(out) + '\n');
}

const note = 'measured on a 2-core machine shared with other jobs running at the same time: contended numbers';

function runChild(args: string[], cache: string): string {
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), ...args], {
    env: { ...process.env, CAMPAIGN_SIM_CACHE: cache }, encoding: 'utf8', maxBuffer: 1 << 28,
  });
  return out.trim().split('\n').pop()!;
}

/** The all-UF build (with the Census fit) and merge; writes population-brasil.json, returns the stages. */
async function brasil(release: string): Promise<{ build: Record<string, unknown>; merge: Record<string, unknown> }> {
  const cache = mkdtempSync(join(tmpdir(), 'campaign-sim-bench-'));
  const stages: Record<string, Record<string, unknown>> = {};
  try {
    for (const stage of ['build', 'merge']) {
      stages[stage] = JSON.parse(runChild(['--brasil-child', stage, '--release', release], cache)) as Record<string, unknown>;
      const { fit: _fit, ...shown } = stages[stage];
      process.stdout.write(`brasil ${stage}: ${JSON.stringify(shown)}\n`);
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  const { fit, ...build } = stages.build;
  await writeBenchResult('population-brasil.json', {
    benchmark: 'all 27 UFs: fresh build of every cache file (one process), then release.population(all UFs) from the files',
    release, measured_at: new Date().toISOString(), node: process.version, cpus: cpus().length, note,
    targets: { build_seconds: 240 }, build, merge: stages.merge,
  });
  return { build: { ...build, fit }, merge: stages.merge };
}

async function main(): Promise<void> {
  const { values, positionals } = parseBenchArgs({
    name: 'population',
    measures: 'Population builds from scratch, each in a child process (so the memory peak is the build\'s own) into a temporary cache: RR and SP one at a time, then all 27 UFs in one process with the fit of every municipality of Brazil to the 2022 Census (households, mean size, district residents, sex x age), then the merged population of Brazil loaded. Targets: RR < 3 s, SP < 60 s and < 4 GiB, all UFs < 240 s.',
    results: ['population.json', 'population-brasil.json'],
    positionals: { name: 'UF', description: 'build only these UFs, one at a time (population.json, with the fit of their municipalities)', check: oneOf(UF_CODES) },
    options: {
      release: { type: 'string', value: 'V', default: newestRelease(), check: oneOf(listReleases()), description: 'the release built' },
      brasil: { type: 'boolean', description: 'only the all-UF build and merge (population-brasil.json; UFs given are ignored)' },
      child: { type: 'string', internal: true, description: 'build this UF and print its row (a child of the per-UF builds)' },
      'brasil-child': { type: 'string', internal: true, description: 'run this stage, build or merge, and print it (a child of the all-UF build)' },
    },
  });
  const release = values.release;
  if (values.child) { await child(values.child as UfCode, release); return; }
  if (values['brasil-child']) { await brasilChild(values['brasil-child'], release); return; }
  if (values.brasil) { await brasil(release); return; }
  const all = positionals.length === 0;
  const ufs = all ? ['RR', 'SP'] : positionals;
  const cache = mkdtempSync(join(tmpdir(), 'campaign-sim-bench-'));
  const rows: Row[] = [];
  const fits: FitParts[] = [];
  try {
    for (const uf of ufs) {
      const { row, fit } = JSON.parse(runChild(['--child', uf, '--release', release], cache)) as { row: Row; fit: FitParts | null };
      rows.push(row);
      if (fit) fits.push(fit);
      process.stdout.write(`${uf}: ${row.persons} persons, build ${row.build_seconds} s, load ${row.load_seconds} s, peak RSS ${row.peak_rss_mib} MiB, ${row.stored_bytes_per_person} B/person stored\n`);
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  let allUfs: Record<string, unknown> | undefined;
  let fit = fits.length ? mergeFits(fits) : undefined;
  if (all) {
    const b = await brasil(release);
    const { fit: brasilFit, ...build } = b.build;
    allUfs = build;
    fit = brasilFit as FitParts | undefined;
  }
  const summary = fit ? summarizeFit(fit) : undefined;
  if (summary) process.stdout.write(`census fit: ${JSON.stringify({ households: summary.households, districts: summary.districts, sex_age: summary.sex_age })}\n`);
  const targets = {
    RR: { build_seconds: 3 }, SP: { build_seconds: 60, peak_rss_mib: 4096 }, all_ufs: { build_seconds: 240 }, stored_bytes_per_person: 16,
    census_fit: { households_max_relative_error_pct: 2, households_median_relative_error_pct: 0.5, district_residents_mismatches: 0, sex_age_max_share_deviation_pp: 0.05 },
  };
  await writeBenchResult('population.json', {
    benchmark: 'population build (fresh, main thread, includes reading data/br and writing the checksummed file) and its fit to the 2022 Census',
    release, measured_at: new Date().toISOString(), node: process.version, cpus: cpus().length, note,
    targets, results: rows,
    ...(allUfs ? { all_ufs: allUfs } : {}),
    ...(summary ? { census_fit: { coverage: all ? 'every municipality of Brazil (all 27 UFs)' : `municipalities of ${ufs.join(' ')}`, ...summary } } : {}),
  });
}

await main();
