// Population build benchmark: builds each UF from scratch in a child process (so the memory peak
// is the build's own) into a temporary cache, and writes bench/results/population.json.
// Usage: node dist/bench/population.js [UF ...]   (default: RR SP). Targets: RR < 3 s, SP < 90 s,
// SP peak RSS < 4 GiB, stored attributes <= 16 bytes per person.
// node dist/bench/population.js --brasil: builds all 27 UFs (one process, parts not kept in memory)
// and then loads the merged population of Brazil; writes bench/results/population-brasil.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectPath } from '../src/project-path.js';
import { clearPopulationMemory, ensureUfPopulation, populationFilePath } from '../src/release/population-store.js';
import { openRelease, type ReleaseImpl } from '../src/release/release.js';
import { NO_GROUP, UF_CODES, type UfCode } from '../src/release/types.js';

interface Row {
  uf: string;
  persons: number;
  households: number;
  build_seconds: number;
  load_seconds: number;
  peak_rss_mib: number;
  stored_bytes_per_person: number;
  file_bytes: number;
}

async function child(uf: UfCode, release: string): Promise<void> {
  const rel = openRelease(release) as ReleaseImpl;
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
  process.stdout.write(JSON.stringify(row) + '\n');
}

/** Child: build every UF (not kept in memory), or load the merged population of all of them. */
async function brasilChild(stage: string, release: string): Promise<void> {
  const rel = openRelease(release) as ReleaseImpl;
  const t0 = performance.now();
  const out: Record<string, number> = {};
  if (stage === 'build') {
    let persons = 0;
    for (const uf of UF_CODES) persons += (await ensureUfPopulation(rel, uf, undefined, true, false)).age5.length;
    out.persons = persons;
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

async function brasil(release: string): Promise<void> {
  const cache = mkdtempSync(join(tmpdir(), 'campaign-sim-bench-'));
  const stages: Record<string, unknown> = {};
  try {
    for (const stage of ['build', 'merge']) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--brasil-child', stage], {
        env: { ...process.env, CAMPAIGN_SIM_CACHE: cache }, encoding: 'utf8', maxBuffer: 1 << 20,
      });
      stages[stage] = JSON.parse(out.trim().split('\n').pop()!);
      process.stdout.write(`brasil ${stage}: ${JSON.stringify(stages[stage])}\n`);
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  mkdirSync(projectPath('bench', 'results'), { recursive: true });
  writeFileSync(projectPath('bench', 'results', 'population-brasil.json'), JSON.stringify({
    benchmark: 'all 27 UFs: fresh build of every cache file (one process), then release.population(all UFs) from the files',
    release, measured_at: new Date().toISOString(), node: process.version, cpus: cpus().length,
    note: 'measured on a 2-core machine shared with other jobs running at the same time: contended numbers',
    ...stages,
  }, null, 2) + '\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const release = 'v1.0.0';
  if (args[0] === '--child') { await child(args[1] as UfCode, release); return; }
  if (args[0] === '--brasil-child') { await brasilChild(args[1], release); return; }
  if (args[0] === '--brasil') { await brasil(release); return; }
  const ufs = args.length > 0 ? args : ['RR', 'SP'];
  const cache = mkdtempSync(join(tmpdir(), 'campaign-sim-bench-'));
  const rows: Row[] = [];
  try {
    for (const uf of ufs) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', uf], {
        env: { ...process.env, CAMPAIGN_SIM_CACHE: cache }, encoding: 'utf8', maxBuffer: 1 << 20,
      });
      const row = JSON.parse(out.trim().split('\n').pop()!) as Row;
      rows.push(row);
      process.stdout.write(`${uf}: ${row.persons} persons, build ${row.build_seconds} s, load ${row.load_seconds} s, peak RSS ${row.peak_rss_mib} MiB, ${row.stored_bytes_per_person} B/person stored\n`);
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  const targets = { RR: { build_seconds: 3 }, SP: { build_seconds: 90, peak_rss_mib: 4096 }, stored_bytes_per_person: 16 };
  mkdirSync(projectPath('bench', 'results'), { recursive: true });
  writeFileSync(projectPath('bench', 'results', 'population.json'), JSON.stringify({
    benchmark: 'population build (fresh, main thread, includes reading data/br and writing the checksummed file)',
    release, measured_at: new Date().toISOString(), node: process.version, cpus: cpus().length,
    note: 'measured on a 2-core machine shared with other jobs running at the same time: contended numbers',
    targets, results: rows,
  }, null, 2) + '\n');
}

await main();
