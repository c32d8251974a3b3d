// CLI start-up benchmark (issue 16 targets): wall time of `campaign-sim --version`, `--help`,
// `validate` on an example scenario and the refusal of `simulate --param beta0=abc` (issue 58: a
// wrong parameter is refused before the engine loads), each a fresh process of the built CLI (bin/campaign-sim.js),
// run several times; the median is judged against the target. A bench, not a timed test: the
// machine is shared, so a number says how fast, never whether the suite passes. `--vs FILE` times
// a second CLI entry (another checkout's, before a change) in turn with --bin, run for run, and
// gives the median of the per-pair ratios: pairing keeps the ratio meaningful while the load drifts.
//   npm run tsbuild && node dist/bench/cli-startup.js [--runs 15] [--bin path/to/campaign-sim.js] [--vs other/bin/campaign-sim.js]
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { projectPath } from '../src/project-path.js';
import { writeBenchResult } from './lib/bench-output.js';
import { parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';

export const TARGETS_SECONDS = { version: 0.3, help: 0.3, validate: 1, param_recusado: 1 };

const COMMANDS: Record<keyof typeof TARGETS_SECONDS, string[]> = {
  version: ['--version'],
  help: ['--help'],
  validate: ['validate', projectPath('examples', 'recepcao-rr.json')],
  param_recusado: ['simulate', projectPath('examples', 'adocao-rr.json'), '--param', 'beta0=abc'],
};

/** The exit code each command must end with: the refusal's is 2. */
const EXIT: Partial<Record<keyof typeof TARGETS_SECONDS, number>> = { param_recusado: 2 };

/** Seconds of one run of the CLI with `args`; throws when it ends with another code than `status`. */
export function timeRun(bin: string, args: string[], status = 0): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== status) throw new Error(`campaign-sim ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return s;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function runCliStartupBench() {
  const { values } = parseBenchArgs({
    name: 'cli-startup',
    measures: 'Wall time of `campaign-sim --version`, `--help`, `validate` on an example scenario and the refusal of `simulate --param beta0=abc` (exit 2), each a fresh process of the built CLI, --runs times after one warm-up each; the median against the targets (0.3 s, 0.3 s, 1 s, 1 s); with --vs, a second CLI timed in turn and the median ratio of the pairs.',
    results: ['cli-startup.json'],
    options: {
      runs: { type: 'string', value: 'N', default: '15', check: wholeNumber(), description: 'timed runs of each command' },
      bin: { type: 'string', value: 'FILE', default: projectPath('bin', 'campaign-sim.js'), description: 'the CLI entry to time' },
      vs: { type: 'string', value: 'FILE', description: 'a second CLI entry (e.g. another checkout\'s bin/campaign-sim.js) timed in turn with --bin' },
    },
  });
  const runs = Number(values.runs);
  const bin = values.bin;
  const vs = values.vs as string | undefined;
  const carga_antes = loadavg()[0];
  // One warm-up run each: the first start reads the files from disk into the page cache.
  for (const [name, args] of Object.entries(COMMANDS)) {
    for (const b of vs === undefined ? [bin] : [bin, vs]) timeRun(b, args, EXIT[name as keyof typeof COMMANDS]);
  }
  const spread = (seconds: number[]) => ({ mediana_s: +median(seconds).toFixed(3), min_s: +Math.min(...seconds).toFixed(3), max_s: +Math.max(...seconds).toFixed(3) });
  const comandos = Object.fromEntries(
    (Object.keys(COMMANDS) as Array<keyof typeof COMMANDS>).map((name) => {
      const seconds: number[] = [];
      const other: number[] = [];
      for (let i = 0; i < runs; i++) {
        seconds.push(timeRun(bin, COMMANDS[name], EXIT[name]));
        if (vs !== undefined) other.push(timeRun(vs, COMMANDS[name], EXIT[name]));
      }
      const med = median(seconds);
      return [name, {
        argumentos: COMMANDS[name].map((a) => a.replace(projectPath(), '.')).join(' '),
        ...spread(seconds),
        alvo_s: TARGETS_SECONDS[name], dentro_do_alvo: med <= TARGETS_SECONDS[name],
        ...(vs === undefined ? {} : { comparado: { ...spread(other), razao_mediana: +median(seconds.map((s, i) => s / other[i])).toFixed(3) } }),
      }];
    }),
  );
  const result = {
    bench: 'cli-startup',
    when: new Date().toISOString(),
    node: process.version,
    bin: bin.replace(projectPath(), '.'),
    ...(vs === undefined ? {} : { comparado_com: vs }),
    execucoes: runs,
    comandos,
    maquina: { cpus: cpus().length, modelo: cpus()[0]?.model ?? '', carga_1min_antes: carga_antes, carga_1min_depois: loadavg()[0] },
  };
  const file = await writeBenchResult('cli-startup.json', result);
  for (const [name, c] of Object.entries(comandos)) {
    const against = c.comparado === undefined ? '' : `; --vs median ${c.comparado.mediana_s.toFixed(3)} s, ratio ${c.comparado.razao_mediana}`;
    process.stdout.write(`${name.padEnd(14)} median ${c.mediana_s.toFixed(3)} s (min ${c.min_s.toFixed(3)}, max ${c.max_s.toFixed(3)}; target ${c.alvo_s} s${against})${c.dentro_do_alvo ? '' : '  OVER TARGET'}\n`);
  }
  process.stdout.write(`-> ${file}\n`);
  return result;
}

runAsMain(import.meta.url, runCliStartupBench);
