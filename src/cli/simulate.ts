// `campaign-sim simulate FILE [--threads N] [--shard-gib X] [--out DIR] [--json]`: validates a campaign scenario,
// runs it as a job (every replica x variant, combined under the privacy rule into the stored
// result: src/run-simulation-job.ts) and prints a short summary table, or one JSON summary.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { contractError } from '../errors.js';
import { encodeJobResult, jobTotals } from '../findings/index.js';
import type { SimulationJob } from '../run-simulation-job.js';
import { readInputJson } from './input-file.js';

/** The run's figures and the job's published totals at the horizon (src/findings/job-totals.ts). */
export function summarise({ result, execucao: e }: SimulationJob) {
  const totals = jobTotals(result);
  return {
    familia: result.cenario.familia,
    pessoa_dias: e.pessoa_dias,
    segundos: Number(e.segundos.toFixed(3)),
    preparo_segundos: Number(e.preparo_segundos.toFixed(3)),
    pessoa_dias_por_segundo: Math.round(e.pessoa_dias / e.segundos),
    threads: e.threads,
    shards: e.shards,
    tarefas_simultaneas: e.tarefasSimultaneas,
    semanas: result.semanas,
    unidades: result.unidades.length,
    replicas: result.replicas,
    populacao_unidades: totals.populacao,
    variantes: totals.variantes,
  };
}

/** Writes summary.json and resultado.json: the stored result (JobResult, typed arrays as base64) the service would keep. */
async function writeOut(dir: string, job: SimulationJob): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'summary.json'), `${JSON.stringify(summarise(job), null, 2)}\n`);
  await writeFile(join(dir, 'resultado.json'), JSON.stringify(encodeJobResult(job.result)));
}

function printTable(s: ReturnType<typeof summarise>): void {
  const medidas = Object.keys(Object.values(s.variantes)[0]?.medidas ?? {});
  const rows = [['variante', ...medidas]];
  for (const [nome, v] of Object.entries(s.variantes)) rows.push([nome, ...medidas.map((m) => v.medidas[m].toLocaleString('en-US') + (v.escondidas?.[m] ? '*' : ''))]);
  const width = rows[0].map((_, j) => Math.max(...rows.map((r) => r[j].length)));
  const line = (r: string[]) => r.map((c, j) => (j === 0 ? c.padEnd(width[j]) : c.padStart(width[j]))).join('  ');
  process.stdout.write(`${line(rows[0])}\n${width.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const r of rows.slice(1)) process.stdout.write(`${line(r)}\n`);
  const hidden = Object.values(s.variantes).some((v) => v.escondidas);
  process.stdout.write(
    `\n${s.familia}: ${s.populacao_unidades.toLocaleString('en-US')} persons in ${s.unidades} units, ${s.semanas} weeks; ` +
      `KPIs at the horizon, each unit's mean over ${s.replicas} replicas as published (0 or at least 5 in every replica), summed over the units.\n` +
      (hidden ? '* some units are hidden by the privacy rule and left out of the sum (summary.json: escondidas).\n' : '') +
      `${s.pessoa_dias.toLocaleString('en-US')} person-days in ${s.segundos} s on ${s.threads} threads` +
      `${s.shards > 1 ? `, ${s.shards} shards per task, ${s.tarefas_simultaneas} task(s) at once` : ''} ` +
      `(${(s.pessoa_dias_por_segundo / 1e6).toFixed(1)} M person-days/s; preparation ${s.preparo_segundos} s)\n`,
  );
}

export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('Run a campaign scenario (every replica x variant) on the release it names and print a summary')
    .argument('<file>', 'campaign scenario (JSON)')
    .option('--threads <n>', 'worker threads (default: the machine\'s cores)', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw contractError('wrong_type', '--threads', '--threads must be a positive integer');
      return n;
    })
    .option('--shard-gib <gib>', 'kernel memory per shard in GiB (default 3, under the 4 GiB of wasm32); smaller cuts the population into more shards without changing any result', (v) => {
      const x = Number(v);
      if (!Number.isFinite(x) || x <= 0 || x > 4) throw contractError('wrong_type', '--shard-gib', '--shard-gib must be a number of GiB in (0, 4]');
      return x;
    })
    .option('--out <dir>', 'write summary.json and resultado.json (the stored result, as the service keeps it) into DIR')
    .option('--json', 'print one JSON summary on stdout (pessoa_dias, segundos, variantes, ...) instead of the table')
    .action(async (file: string, opts: { threads?: number; shardGib?: number; out?: string; json?: boolean }) => {
      const json = await readInputJson(file);
      const [{ default: cliProgress }, { resolveRelease }, { validateScenario }, { closePool }, { runSimulationJob }] = await Promise.all([
        import('cli-progress'), import('../contract/release-checks.js'), import('../contract/validate-scenario.js'),
        import('../pool/pool.js'), import('../run-simulation-job.js'),
      ]);
      const scenario = validateScenario(json);
      const release = resolveRelease(scenario.release);
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
        const job = await runSimulationJob(scenario, {
          release,
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
        if (opts.out) await writeOut(opts.out, job);
        const s = summarise(job);
        if (opts.json) process.stdout.write(`${JSON.stringify(s)}\n`);
        else printTable(s);
      } finally {
        bar?.stop();
        process.removeListener('SIGINT', stop);
        await closePool();
      }
    });
}
