// `campaign-sim simulate FILE [--threads N] [--shard-gib X] [--out DIR] [--json]`: validates a campaign scenario,
// runs it (every replica x variant) and prints a short summary table, or one JSON summary.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { resolveRelease } from '../contract/release-checks.js';
import { validateScenario } from '../contract/validate-scenario.js';
import { contractError } from '../errors.js';
import { closePool } from '../pool/pool.js';
import type { ReplicaResult } from '../pool/replica-result.js';
import { simulate, type SimulationResult } from '../simulate.js';

/** Mean over replicas of each measure's total over the units at the horizon. */
export function summarise(r: SimulationResult) {
  const W = r.semanas;
  const M = r.medidas.length;
  const U = r.unidades.length;
  const variantes: Record<string, { replicas: number; medidas: Record<string, number> }> = {};
  for (const [nome, reps] of Object.entries(r.variantes)) {
    const medidas: Record<string, number> = {};
    r.medidas.forEach((m, j) => {
      let s = 0;
      for (const rep of reps) for (let u = 0; u < U; u++) s += rep.serie[(u * W + W - 1) * M + j];
      medidas[m] = Math.round(s / reps.length);
    });
    variantes[nome] = { replicas: reps.length, medidas };
  }
  const first = Object.values(r.variantes)[0]?.[0];
  return {
    familia: r.familia,
    pessoa_dias: r.pessoa_dias,
    segundos: Number(r.segundos.toFixed(3)),
    preparo_segundos: Number(r.preparo_segundos.toFixed(3)),
    pessoa_dias_por_segundo: Math.round(r.pessoa_dias / r.segundos),
    threads: r.threads,
    shards: r.shards,
    tarefas_simultaneas: r.tarefasSimultaneas,
    semanas: r.semanas,
    unidades: r.unidades.length,
    populacao_unidades: first ? first.populacao.reduce((s, x) => s + x, 0) : 0,
    variantes,
  };
}

function plain(rep: ReplicaResult): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rep)) {
    if (k === 'celulas' || k === 'celulasPopulacao' || k === 'porSetor') continue;
    out[k] = v instanceof Uint32Array ? Array.from(v) : k === 'respostas' && v
      ? Object.fromEntries(Object.entries(v as NonNullable<ReplicaResult['respostas']>).map(([q, a]) => [q, { unidades: a.unidades, contagens: Array.from(a.contagens), base: Array.from(a.base) }]))
      : v;
  }
  return out;
}

/** Writes summary.json and, per variant and replica, <variante>-r<k>.json plus raw u32 files of the big arrays. */
async function writeOut(dir: string, r: SimulationResult): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'summary.json'), `${JSON.stringify(summarise(r), null, 2)}\n`);
  for (const [nome, reps] of Object.entries(r.variantes)) {
    for (const rep of reps) {
      const base = join(dir, `${nome}-r${rep.replica}`);
      await writeFile(`${base}.json`, JSON.stringify(plain(rep)));
      await writeFile(`${base}.celulas.u32`, rep.celulas);
      await writeFile(`${base}.celulas-populacao.u32`, rep.celulasPopulacao);
      if (rep.porSetor) await writeFile(`${base}.por-setor.u32`, rep.porSetor);
    }
  }
}

function printTable(s: ReturnType<typeof summarise>): void {
  const medidas = Object.keys(Object.values(s.variantes)[0]?.medidas ?? {});
  const rows = [['variante', ...medidas]];
  for (const [nome, v] of Object.entries(s.variantes)) rows.push([nome, ...medidas.map((m) => v.medidas[m].toLocaleString('en-US'))]);
  const width = rows[0].map((_, j) => Math.max(...rows.map((r) => r[j].length)));
  const line = (r: string[]) => r.map((c, j) => (j === 0 ? c.padEnd(width[j]) : c.padStart(width[j]))).join('  ');
  process.stdout.write(`${line(rows[0])}\n${width.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const r of rows.slice(1)) process.stdout.write(`${line(r)}\n`);
  process.stdout.write(
    `\n${s.familia}: ${s.populacao_unidades.toLocaleString('en-US')} persons in ${s.unidades} units, ${s.semanas} weeks; ` +
      `counts are means over replicas at the horizon.\n` +
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
    .option('--out <dir>', 'write summary.json and per-variant, per-replica counts into DIR')
    .option('--json', 'print one JSON summary on stdout (pessoa_dias, segundos, variantes, ...) instead of the table')
    .action(async (file: string, opts: { threads?: number; shardGib?: number; out?: string; json?: boolean }) => {
      let json: unknown;
      try {
        json = JSON.parse(await readFile(file, 'utf8'));
      } catch (err) {
        throw contractError('wrong_type', '', `${file}: ${(err as Error).message}`);
      }
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
        const result = await simulate(scenario, {
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
        if (opts.out) await writeOut(opts.out, result);
        const s = summarise(result);
        if (opts.json) process.stdout.write(`${JSON.stringify(s)}\n`);
        else printTable(s);
      } finally {
        bar?.stop();
        process.removeListener('SIGINT', stop);
        await closePool();
      }
    });
}
