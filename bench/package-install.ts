// The package as a user gets it, outside the repository: `npm pack`, then npm installs the tarball
// into a fresh project (test/fixtures/packed-install.ts: npm ci --offline from npm's cache, with
// this repository's lockfile versions of the third-party packages). Records the tarball, what the
// install puts in node_modules, the install time and the installed CLI's start time. What the
// installed package does is tested by test/integration/package-install.test.ts.
//   npm run bench:package   (npm run tsbuild && node dist/bench/package-install.js)
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { installPackedTarball } from '../test/fixtures/packed-install.js';
import { median, timeRun } from './cli-startup.js';
import { writeBenchResult } from './lib/bench-output.js';
import { parseBenchArgs } from './lib/bench-args.js';
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

/** Packages in a project's installed tree (npm ls, production only). */
function packageCount(project: string): number {
  return execFileSync('npm', ['ls', '--all', '--omit=dev', '--parseable'], { cwd: project, encoding: 'utf8', maxBuffer: 1 << 26 })
    .split('\n').filter((l) => l.includes('node_modules')).length;
}

/** One install: what it puts in node_modules and how long it took. */
function install(omitOptional: boolean) {
  const p = installPackedTarball({ omitOptional });
  const modules = join(p.project, 'node_modules');
  return {
    p,
    figures: {
      comando: `npm ci --offline${omitOptional ? ' --omit=optional' : ''}`,
      node_modules_bytes: treeBytes(modules),
      dependencias_bytes: treeBytes(modules) - treeBytes(p.installed),
      pacotes: packageCount(p.project) - 1,
      instalacao_s: +p.installSeconds.toFixed(1),
    },
  };
}

export async function runPackageInstallBench() {
  parseBenchArgs({
    name: 'package-install',
    measures: 'The package as a user gets it (about 3 minutes): `npm pack`, then the tarball installed by npm into a fresh project twice (npm ci --offline at this repository\'s lockfile versions, with and without --omit=optional): tarball and installed sizes, packages, install time, and the installed CLI\'s start time.',
    results: ['package-install.json'],
    options: {},
  });
  const library = install(true);
  rmSync(library.p.work, { recursive: true, force: true });
  const { p, figures: full } = install(false);
  try {
    const bin = join(p.installed, 'bin', 'campaign-sim.js');
    execFileSync(process.execPath, [bin, '--version']);
    const startup = Object.fromEntries(([['version', ['--version']], ['help', ['--help']], ['examples_list', ['examples', 'list']]] as const).map(([name, args]) => {
      const seconds = Array.from({ length: 7 }, () => timeRun(bin, [...args]));
      return [name, { mediana_s: +median(seconds).toFixed(3), min_s: +Math.min(...seconds).toFixed(3), max_s: +Math.max(...seconds).toFixed(3) }];
    }));
    const result = {
      bench: 'package-install',
      when: new Date().toISOString(),
      node: process.version,
      instalacao: 'npm ci --offline of the tarball into a fresh project, third-party packages at this repository\'s lockfile versions from npm\'s cache (test/fixtures/packed-install.ts)',
      tarball_bytes: p.tarball.size,
      desempacotado_bytes: treeBytes(p.installed),
      arquivos: p.tarball.entryCount,
      pack_s: +p.packSeconds.toFixed(1),
      completa: full,
      so_biblioteca: library.figures,
      cli_instalado: startup,
      maquina: { cpus: cpus().length, carga_1min: loadavg()[0] },
    };
    const file = await writeBenchResult('package-install.json', result);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n-> ${file}\n`);
    return result;
  } finally {
    rmSync(p.work, { recursive: true, force: true });
  }
}

runAsMain(import.meta.url, runPackageInstallBench);
