// Where a bench writes its JSON result: bench/out/ (git-ignored) by default, so running a bench
// never changes the committed results in bench/results/, which `npm run bench` compares against.
// BENCH_OUT=bench/results refreshes the committed results on purpose. (bench:pix is apart: its
// results are a release artefact, written by bench/pix.ts itself.) Every result records where it
// was measured (benchRecord): the commit of the checkout and the machine, so a number can be traced.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { arch, availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { projectPath } from '../../src/project-path.js';

/** The output folder: $BENCH_OUT (relative to the project), else bench/out. */
export function benchOutputDir(): string {
  const dir = process.env.BENCH_OUT;
  if (!dir) return projectPath('bench', 'out');
  return isAbsolute(dir) ? dir : projectPath(dir);
}

function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: projectPath(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null; // not a git checkout (an unpacked tarball), or no git
  }
}

/**
 * Where a result was measured: the checkout's commit (`sujo` when tracked files other than the
 * results differ from it, so the numbers are of uncommitted code) and the machine (CPU model and count, memory, system, Node,
 * the load average when the result is written: the machines are shared).
 */
export function benchRecord() {
  // results written earlier in the same run (bench/results/) are not code: they do not make the checkout dirty
  const status = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)bench/results');
  return {
    commit: git('rev-parse', 'HEAD'),
    sujo: status === null ? null : status !== '',
    maquina: {
      cpu: cpus()[0]?.model ?? '', cpus: cpus().length, memoria_gib: Number((totalmem() / 2 ** 30).toFixed(1)),
      sistema: `${platform()} ${release()} ${arch()}`, node: process.version, carga_1_5_15_min: loadavg().map((x) => Number(x.toFixed(2))),
    },
  };
}

/** Writes `doc` with its `registro` (benchRecord) as JSON to <output folder>/<file> and returns the path. */
export async function writeBenchResult(file: string, doc: object): Promise<string> {
  const dir = benchOutputDir();
  await mkdir(dir, { recursive: true });
  const path = join(dir, file);
  await writeFile(path, `${JSON.stringify({ ...doc, registro: benchRecord() }, null, 2)}\n`);
  return path;
}

/**
 * The result of a bench whose runs each meet or miss a p99 target (heavy-read, hostile-body):
 * written as writeBenchResult does and printed; `meets_target` holds when every run's does.
 */
export async function writeTargetRuns(bench: string, setup: string, targetP99Ms: number, runs: ReadonlyArray<{ meets_target: boolean }>): Promise<void> {
  const result = {
    bench,
    when: new Date().toISOString(),
    machine: { cpus: availableParallelism() },
    setup,
    target: { p99_ms: targetP99Ms },
    runs,
    meets_target: runs.every((x) => x.meets_target),
  };
  await writeBenchResult(`${bench}.json`, result);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
