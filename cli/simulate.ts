// `campaign-sim simulate FILE [--threads N] [--shard-gib X] [--replicas N] [--param k=v...] [--plan-only]
// [--out DIR] [--csv FILE] [--jsonl FILE] [--bands FILE [--quantis Q,...] [--bands-por P]] [--raw] [--json]`:
// validates a campaign scenario, runs it as a job
// (runSimulation: every replica x variant, combined under the privacy rule into the stored result)
// and prints a short summary table with each variant's weekly curve, or one JSON summary. --csv and
// --jsonl write the dated, named weekly rows of Simulation.weekly() (src/findings/tidy-weekly-rows.ts),
// --bands their spread over replicas (Simulation.bands(), src/research/replica-bands.ts).
// The engine loads inside the action.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Command } from 'commander';
import { contractError } from '../src/errors.js';
import { weekReaching } from '../src/findings/weekly-curves.js';
import type { SimulationSummary as Summary } from '../src/research/simulation-summary.js';
import { readInputJson } from './input-file.js';
import { checkOutputDir, checkOutputFile } from './output-file.js';
import { sparkline } from './sparkline.js';

/** Help text shared by the commands that run scenarios: where the seed is. */
export const SEED_HELP =
  '\nRandom numbers: there is no --seed. Each replica\'s draws are keyed by (grupo_comparacao, replica), the same for every ' +
  'variant and every run (common random numbers); for other draws, change grupo_comparacao (--param grupo_comparacao=other).';

/** `--param k=v`, repeatable: collected in order. */
export function collectParam(v: string, list: string[] = []): string[] {
  return [...list, v];
}

/** `0.05,0.5,0.95`: quantiles from 0 to 1. */
function parseQuantis(v: string): number[] {
  const q = v.split(',').map((x) => (x.trim() === '' ? Number.NaN : Number(x)));
  if (q.some((x) => !(x >= 0 && x <= 1))) throw contractError('wrong_type', '--quantis', `--quantis must be numbers from 0 to 1 separated by commas, got ${v}`);
  return q;
}

export function positiveInteger(flag: string): (v: string) => number {
  return (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw contractError('wrong_type', flag, `${flag} must be a positive integer`);
    return n;
  };
}

/** Writes summary.json and resultado.json (the folder is made before the run, checkOutputDir): the stored result (JobResult, typed arrays as base64) the service would keep. */
async function writeOut(dir: string, s: Summary, resultado: string): Promise<void> {
  await writeFile(join(dir, 'summary.json'), `${JSON.stringify(s, null, 2)}\n`);
  await writeFile(join(dir, 'resultado.json'), resultado);
}

/** Streams the rows: a country-wide job has tens of millions. */
export async function writeLines(file: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(line)) await once(out, 'drain');
  out.end();
  await finished(out);
}

/** Columns padded to one width: the first and the `leftFrom`th on are text (left), the others numbers (right). */
function alignTable(rows: string[][], leftFrom = rows[0].length): string {
  const width = rows[0].map((_, j) => Math.max(...rows.map((r) => r[j].length)));
  const line = (r: string[]) => r.map((c, j) => (j === 0 || j >= leftFrom ? c.padEnd(width[j]) : c.padStart(width[j]))).join('  ').trimEnd();
  return [line(rows[0]), width.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n') + '\n';
}

/** The first KPI's weekly curve per variant: week 1, the week it reaches half its horizon value, and a sparkline on one scale. */
function curveTable(s: Summary): string {
  const medida = Object.keys(Object.values(s.curvas)[0] ?? {})[0];
  if (medida === undefined) return '';
  const curves = Object.entries(s.curvas).map(([nome, c]) => [nome, c[medida]] as const);
  const max = Math.max(0, ...curves.flatMap(([, v]) => v));
  const rows = [['variante', 'week 1', '50% by week', `${medida} by week (${s.semanas} weeks, one scale)`]];
  for (const [nome, v] of curves) rows.push([nome, (v[0] ?? 0).toLocaleString('en-US'), String(weekReaching(v, 0.5) ?? '-'), sparkline(v, max)]);
  return `\n${alignTable(rows, 3)}`;
}

function printSummary(s: Summary): void {
  const medidas = Object.keys(Object.values(s.variantes)[0]?.medidas ?? {});
  const rows = [['variante', ...medidas]];
  for (const [nome, v] of Object.entries(s.variantes)) rows.push([nome, ...medidas.map((m) => v.medidas[m].toLocaleString('en-US') + (v.escondidas?.[m] ? '*' : ''))]);
  process.stdout.write(alignTable(rows));
  process.stdout.write(curveTable(s));
  const hidden = Object.values(s.variantes).some((v) => v.escondidas);
  process.stdout.write(
    `\n${s.familia}: ${s.populacao_unidades.toLocaleString('en-US')} persons in ${s.unidades} units, ${s.semanas} weeks; ` +
      `KPIs at the horizon and by week, each unit's count as published (0 or at least 5 in every replica), mean over ${s.replicas} replica${s.replicas === 1 ? '' : 's'}, summed over the units.\n` +
      (hidden ? '* some units are hidden by the privacy rule and left out of the sum (summary.json: escondidas).\n' : '') +
      `${s.pessoa_dias.toLocaleString('en-US')} person-days in ${s.segundos} s on ${s.threads} threads` +
      `${s.shards > 1 ? `, ${s.shards} shards per task, ${s.tarefas_simultaneas} task(s) at once` : ''} ` +
      `(${(s.pessoa_dias_por_segundo / 1e6).toFixed(1)} M person-days/s; preparation ${s.preparo_segundos} s)\n` +
      (s.plano_grp
        ? `GRPs the plan buys (expected, per 100 of the audience): ${s.plano_grp.periodos.map((p) => `${p.canal} days ${p.dia_inicio}-${p.dia_fim} ${p.grp.toFixed(1)} (${p.grp_semana.toFixed(1)} a week)`).join('; ')}\n` +
          (s.plano_grp.canais
            ? `Expected media reach (1+) and average frequency, without word of mouth: ${s.plano_grp.canais.map((c) => `${c.canal} ${(100 * c.alcance).toFixed(1)}% x ${c.frequencia_media === null ? '-' : c.frequencia_media.toFixed(2)}`).join('; ')}\n`
            : '')
        : ''),
  );
}

export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('Run a campaign scenario (every replica x variant) on the release it names and print a summary')
    .argument('<file>', 'campaign scenario (JSON)')
    .option('--threads <n>', 'worker threads (default: the machine\'s cores)', positiveInteger('--threads'))
    .option('--shard-gib <gib>', 'kernel memory per shard in GiB (default 3, under the 4 GiB of wasm32); smaller cuts the population into more shards without changing any result', (v) => {
      const x = Number(v);
      if (!Number.isFinite(x) || x <= 0 || x > 4) throw contractError('wrong_type', '--shard-gib', '--shard-gib must be a number of GiB in (0, 4]');
      return x;
    })
    .option('--replicas <n>', 'replicas (overrides the scenario\'s replicas)', positiveInteger('--replicas'))
    .option('--param <name=value>', 'override a model parameter (beta0, pesos_canais.digital, ...) or a scenario field (horizonte.dias, grupo_comparacao, ...); repeatable; the value is read as JSON when it is JSON', collectParam)
    .option('--plan-only', 'run the plano variant alone, without the sem_<canal> and menos10_<canal> counterfactuals (faster exploration; no contribuicao or elasticidade)')
    .option('--out <dir>', 'write summary.json (what --json prints) and resultado.json (the stored result, as the service keeps it: JobResult formato 1, typed arrays as base64; decodeJobResult reads it; campaign-sim export reads it) into DIR')
    .option('--csv <file>', 'write the weekly rows as long-format CSV: data,municipio,municipio_nome,uf,area_ponderacao,variante,replica,semana,medida,valor,publicavel (cumulative persons by the week\'s last day, the KPIs only; an empty valor is hidden by the privacy rule); campaign-sim plot draws it')
    .option('--jsonl <file>', 'write the same rows as JSON Lines')
    .option('--bands <file>', 'write the spread over replicas as CSV: per variant, measure and week, dated, the mean, minimo, the quantiles (--quantis) and maximo of the replicas\' published counts summed over the units (--bands-por municipio: per unit)')
    .option('--quantis <list>', 'with --bands: the quantiles, comma-separated numbers from 0 to 1 (default 0.05,0.5,0.95: columns q05,q50,q95)', parseQuantis)
    .option('--bands-por <por>', 'with --bands: territorio (default, the sum over the units) or municipio (each unit)')
    .option('--raw', 'with --csv/--jsonl/--bands: the counts as simulated, the privacy rule not applied, every row publicavel=false (for your own machine: never publish them)')
    .option('--json', 'print one JSON summary on stdout (pessoa_dias, segundos, variantes, curvas, ...) instead of the table')
    .addHelpText('after', SEED_HELP)
    .action(async (file: string, opts: {
      threads?: number; shardGib?: number; replicas?: number; param?: string[]; planOnly?: boolean;
      out?: string; csv?: string; jsonl?: string; bands?: string; quantis?: number[]; bandsPor?: string; raw?: boolean; json?: boolean;
    }) => {
      if (opts.bandsPor !== undefined && opts.bandsPor !== 'territorio' && opts.bandsPor !== 'municipio') {
        throw contractError('wrong_type', '--bands-por', '--bands-por must be territorio or municipio');
      }
      const json = await readInputJson(file);
      // the scenario and its overrides are checked before the engine loads: a refusal is quick;
      // a whole parameter's value first, before the scenario schema and the releases load
      const { checkAssignedParameters, parseAssignments } = await import('../src/research/parameter-assignments.js');
      const assigned = parseAssignments(opts.param ?? []);
      checkAssignedParameters(assigned);
      const [{ validateScenario }, overrides] = await Promise.all([
        import('../src/contract/validate-scenario.js'), import('../src/research/scenario-overrides.js'),
      ]);
      const base = validateScenario(json);
      if (opts.replicas !== undefined) assigned.replicas = opts.replicas;
      // after the overrides: --param release=... names the release to run
      const { cenario, parametros, release } = overrides.applyOverrides(base, assigned);
      if (opts.out) await checkOutputDir('--out', opts.out);
      if (opts.csv) await checkOutputFile('--csv', opts.csv);
      if (opts.jsonl) await checkOutputFile('--jsonl', opts.jsonl);
      if (opts.bands) await checkOutputFile('--bands', opts.bands);
      const [{ default: cliProgress }, { closePool }, { runSimulation }, findings, tidy, { bandCsvLines }] = await Promise.all([
        import('cli-progress'), import('../src/pool/pool.js'), import('../src/research/simulation.js'),
        import('../src/findings/index.js'), import('../src/findings/tidy-weekly-rows.js'), import('../src/research/replica-bands.js'),
      ]);
      const tty = !opts.json && process.stderr.isTTY;
      const bar = tty
        ? new cliProgress.SingleBar(
            { format: 'simulate [{bar}] {percentage}% | {value}/{total} replica-variant-days | ETA {eta_formatted}', stream: process.stderr, hideCursor: true },
            cliProgress.Presets.shades_classic,
          )
        : undefined;
      const ctl = new AbortController();
      const stop = () => ctl.abort();
      process.once('SIGINT', stop);
      try {
        let started = false;
        const sim = await runSimulation(cenario, {
          release,
          parametros: Object.keys(parametros).length > 0 ? parametros : undefined,
          somentePlano: opts.planOnly,
          threads: opts.threads,
          maxShardBytes: opts.shardGib === undefined ? undefined : Math.floor(opts.shardGib * 2 ** 30),
          signal: ctl.signal,
          onProgress: (p) => {
            if (!bar) return;
            if (!started) {
              bar.start(p.total, 0);
              started = true;
            }
            bar.update(p.feitos);
          },
        });
        bar?.stop();
        const s = sim.summary();
        if (opts.out) await writeOut(opts.out, s, JSON.stringify(findings.encodeJobResult(sim.result)));
        if (opts.csv) await writeLines(opts.csv, tidy.tidyCsvLines(sim.weeklyRows({ raw: opts.raw })));
        if (opts.jsonl) await writeLines(opts.jsonl, tidy.tidyJsonLines(sim.weeklyRows({ raw: opts.raw })));
        if (opts.bands) {
          const por = opts.bandsPor as 'territorio' | 'municipio' | undefined;
          await writeLines(opts.bands, bandCsvLines(sim.bands({ raw: opts.raw, quantis: opts.quantis, por }), opts.quantis));
        }
        if (opts.raw && (opts.csv || opts.jsonl || opts.bands)) process.stderr.write('campaign-sim: --raw rows carry counts the privacy rule did not see (publicavel=false): never publish them\n');
        if (opts.json) process.stdout.write(`${JSON.stringify(s)}\n`);
        else printSummary(s);
      } finally {
        bar?.stop();
        process.removeListener('SIGINT', stop);
        await closePool();
      }
    });
}
