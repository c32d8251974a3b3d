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

export async function runPackageInstallBench() {
  const p = installPackedTarball();
  try {
    const bin = join(p.installed, 'bin', 'campaign-sim.js');
    execFileSync(process.execPath, [bin, '--version']);
    const startup = Object.fromEntries(([['version', ['--version']], ['help', ['--help']], ['examples_list', ['examples', 'list']]] as const).map(([name, args]) => {
      const seconds = Array.from({ length: 7 }, () => timeRun(bin, [...args]));
      return [name, { mediana_s: +median(seconds).toFixed(3), min_s: +Math.min(...seconds).toFixed(3), max_s: +Math.max(...seconds).toFixed(3) }];
    }));
    const modules = join(p.project, 'node_modules');
    const result = {
      bench: 'package-install',
      when: new Date().toISOString(),
      node: process.version,
      instalacao: 'npm ci --offline of the tarball into a fresh project, third-party packages at this repository\'s lockfile versions from npm\'s cache (test/fixtures/packed-install.ts)',
      tarball_bytes: p.tarball.size,
      desempacotado_bytes: treeBytes(p.installed),
      arquivos: p.tarball.entryCount,
      node_modules_bytes: treeBytes(modules),
      pack_s: +p.packSeconds.toFixed(1),
      instalacao_s: +p.installSeconds.toFixed(1),
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
