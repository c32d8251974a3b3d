// The package as a user gets it, outside the repository: `npm pack`, the tarball unpacked into a
// fresh project's node_modules/campaign-sim, then the README's first steps and a TypeScript study
// script against the installed copy. Records the install size and the installed CLI's start time.
// A bench, not a test: packing 55 MB and running a simulation take about a minute on a busy machine.
//   npm run bench:package   (npm run tsbuild && node dist/bench/package-install.js)
//
// Honest about the install: the tarball is unpacked as npm would unpack it, but its dependencies
// are this repository's node_modules (the package-lock's versions, linked one by one), not resolved
// from the registry: `npm install <tarball> --offline` stops at ENOTCACHED (the cache that `npm ci`
// fills has the lockfile's tarballs, not the registry metadata a fresh resolution asks for), and an
// online install would make the bench depend on the network. So this checks what the package ships (files, exports, types, bin, examples,
// docs), not the dependency resolution of a fresh install.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath } from '../src/project-path.js';
import { median, timeRun } from './cli-startup.js';
import { writeBenchResult } from './lib/bench-output.js';
import { runAsMain } from './lib/run-as-main.js';

/** Bytes of the files under `dir` (no symbolic links followed). */
function treeBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += treeBytes(p);
    else if (e.isFile()) total += statSync(p).size;
  }
  return total;
}

/** Bytes of the production dependency tree (npm ls --omit=dev), each package folder counted once. */
function dependencyBytes(): number {
  const paths = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: projectPath(), encoding: 'utf8', maxBuffer: 1 << 26 })
    .split('\n').filter((p) => p.includes('node_modules')).sort();
  // a nested node_modules is inside its parent's folder, which treeBytes already counts
  const tops = paths.filter((p, i) => !paths.slice(0, i).some((q) => p.startsWith(`${q}/`)));
  return tops.reduce((t, p) => t + treeBytes(p), 0);
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`package-install: ${what}`);
}

/** The study a researcher writes against the installed package: type-checked by tsc, then run. */
const STUDY = `import { readFileSync, writeFileSync } from 'node:fs';
import { closePool, runSimulation, type SaturacaoRow, type TidyWeeklyRow } from 'campaign-sim';

const scenario = JSON.parse(readFileSync('recepcao-rr.json', 'utf8'));
scenario.horizonte.dias = 14;
scenario.replicas = 2;
scenario.canais = [
  { canal: 'tv', dia_inicio: 1, dia_fim: 10, intensidade: 0.6 },
  { canal: 'radio', dia_inicio: 2, dia_fim: 14, intensidade: 0.5 },
];
const sim = await runSimulation(scenario, { threads: 2 });
const saturacao: SaturacaoRow[] = sim.findings('saturacao').linhas;
const weekly: TidyWeeklyRow[] = sim.weekly();
writeFileSync('semanas.csv', sim.toCSV());
writeFileSync('semanas.svg', sim.plot());
console.log(JSON.stringify({
  saturacao: saturacao.length,
  semanal: weekly.length,
  datas: [...new Set(weekly.map((r) => r.data))],
  nomeados: weekly.every((r) => r.municipio_nome !== null && r.uf === 'RR'),
}));
await closePool();
`;

export async function runPackageInstallBench() {
  const work = mkdtempSync(join(tmpdir(), 'campaign-sim-package-'));
  try {
    const t0 = performance.now();
    const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: projectPath(), encoding: 'utf8', maxBuffer: 1 << 26 }))[0];
    const packSeconds = (performance.now() - t0) / 1000;
    const project = join(work, 'estudo');
    const installed = join(project, 'node_modules', 'campaign-sim');
    mkdirSync(installed, { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'estudo', private: true, type: 'module' }));
    execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', installed, '--strip-components=1']);
    for (const dep of readdirSync(projectPath('node_modules'))) {
      if (dep === 'campaign-sim' || dep.startsWith('.')) continue;
      symlinkSync(projectPath('node_modules', dep), join(project, 'node_modules', dep));
    }
    const bin = join(installed, 'bin', 'campaign-sim.js');
    const cli = (...args: string[]) => execFileSync(process.execPath, [bin, ...args], { cwd: project, encoding: 'utf8', maxBuffer: 1 << 26 });

    // The README's first steps, from the installed copy.
    check(/^adocao-rr\s/m.test(cli('examples', 'list')), 'examples list has no adocao-rr');
    writeFileSync(join(project, 'adocao-rr.json'), cli('examples', 'show', 'adocao-rr'));
    writeFileSync(join(project, 'recepcao-rr.json'), cli('examples', 'show', 'recepcao-rr'));
    const summary = JSON.parse(cli('simulate', 'adocao-rr.json', '--json', '--threads', '2', '--param', 'horizonte.dias=14', '--replicas', '2', '--csv', 'adocao.csv'));
    check(summary.variantes.plano.medidas.adotantes > 0, 'simulate gave no adopters');
    for (const link of readFileSync(join(installed, 'README.md'), 'utf8').matchAll(/\]\((?!https?:|#)([^)#]+)/g)) {
      check(statSync(join(installed, link[1]), { throwIfNoEntry: false }) !== undefined, `README link ${link[1]} does not resolve in the package`);
    }

    // The study script: type-checked against the installed types, then run.
    writeFileSync(join(project, 'study.ts'), STUDY);
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, types: ['node'], outDir: 'out', skipLibCheck: false },
      files: ['study.ts'],
    }));
    execFileSync(process.execPath, [projectPath('node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: project, encoding: 'utf8' });
    const study = JSON.parse(execFileSync(process.execPath, [join(project, 'out', 'study.js')], { cwd: project, encoding: 'utf8' }));
    check(study.saturacao > 0 && study.semanal > 0 && study.nomeados, `study: ${JSON.stringify(study)}`);
    check(JSON.stringify(study.datas) === JSON.stringify(['2026-02-08', '2026-02-15']), `study dates ${study.datas}`);
    const svg = readFileSync(join(project, 'semanas.svg'), 'utf8');
    check((svg.match(/class="banda"/g) ?? []).length > 0, 'the chart has no bands');

    cli('--version');
    const startup = Object.fromEntries(([['version', ['--version']], ['help', ['--help']], ['examples_list', ['examples', 'list']]] as const).map(([name, args]) => {
      const seconds = Array.from({ length: 7 }, () => timeRun(bin, [...args]));
      return [name, { mediana_s: +median(seconds).toFixed(3), min_s: +Math.min(...seconds).toFixed(3), max_s: +Math.max(...seconds).toFixed(3) }];
    }));
    const result = {
      bench: 'package-install',
      when: new Date().toISOString(),
      node: process.version,
      instalacao: 'tarball unpacked into node_modules/campaign-sim of a fresh project; dependencies linked from the repository (not resolved from the registry)',
      tarball_bytes: packed.size,
      desempacotado_bytes: treeBytes(installed),
      arquivos: packed.entryCount,
      dependencias_producao_bytes: dependencyBytes(),
      pack_s: +packSeconds.toFixed(1),
      estudo: study,
      cli_instalado: startup,
      maquina: { cpus: cpus().length, carga_1min: loadavg()[0] },
    };
    const file = await writeBenchResult('package-install.json', result);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n-> ${file}\n`);
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

runAsMain(import.meta.url, runPackageInstallBench);
