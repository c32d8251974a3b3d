// `campaign-sim sensitivity FILE --param name=lo,hi [--param ...] [--method morris|lhs]
// [--trajetorias N | --amostras N] [--csv DIR] [--json] [--plot FILE]`: ranks each named
// parameter by its effect on each KPI (src/research/sensitivity.ts: Morris elementary effects, or
// SRC and PRCC over a Latin hypercube), every run with the scenario's grupo_comparacao (common
// random numbers). The ranking goes to stdout as CSV (--json: JSON), to DIR/sensibilidade.csv with
// every run's totals in DIR/pontos.csv, and as a bar chart to --plot.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { contractError } from '../src/errors.js';
import { readInputJson } from './input-file.js';
import { checkOutputDir, checkOutputFile } from './output-file.js';
import { collectParam, positiveInteger, SEED_HELP } from './simulate.js';
import { addDesignRunOptions, fixedOverrides, parseAxis } from './sweep.js';

const METHODS = { morris: 'morris', lhs: 'hipercubo_latino' } as const;

export function registerSensitivity(program: Command): void {
  const command = program
    .command('sensitivity')
    .description('Rank model parameters (or scenario fields) by their effect on each KPI: Morris elementary effects or a Latin hypercube\'s SRC and PRCC, common random numbers')
    .argument('<file>', 'campaign scenario (JSON)')
    .requiredOption('--param <name=lo,hi>', 'a parameter and its interval, inside its documented range (campaign-sim params): beta0=-2,-0.5 or pesos_canais.digital=0,1; repeatable', collectParam)
    .option('--method <method>', 'morris (elementary effects: mu*, mu, sigma) or lhs (a Latin hypercube: SRC, PRCC, R^2)', 'morris')
    .option('--trajetorias <n>', 'with --method morris: trajectories, each names + 1 runs (default 10, at least 2)', positiveInteger('--trajetorias'))
    .option('--niveis <n>', 'with --method morris: levels of the grid on each interval (even, default 4)', positiveInteger('--niveis'))
    .option('--amostras <n>', 'with --method lhs: runs (default 10 per parameter, at least parameters + 3)', positiveInteger('--amostras'));
  addDesignRunOptions(command, '--set')
    .option('--all-variants', 'also rank the counterfactual variants\' KPIs (sem_<canal>, menos10_<canal>): a run of every variant at each point')
    .option('--csv <dir>', 'write DIR/sensibilidade.csv (the ranking) and DIR/pontos.csv (every run\'s horizon totals, as sweep writes them)')
    .option('--json', 'print the ranking as JSON (default: CSV on stdout, unless --csv)')
    .option('--plot <file>', 'SVG bar chart: per KPI, mu* and sigma (morris) or PRCC and SRC (lhs) of each parameter')
    .addHelpText('after', `\nColumns: parametro, variante, kpi, metodo, posto (1 = largest effect), minimo, maximo, pontos, media_kpi, mu_estrela, mu, sigma (morris: persons per the parameter's interval), src, prcc, r2 (lhs).${SEED_HELP}`)
    .action(async (file: string, o: {
      param: string[]; method: string; trajetorias?: number; niveis?: number; amostras?: number; designSeed?: string; set?: string[];
      replicas?: number; allVariants?: boolean; threads?: number; csv?: string; json?: boolean; plot?: string;
    }) => {
      const json = await readInputJson(file);
      const metodo = METHODS[o.method as keyof typeof METHODS];
      if (metodo === undefined) throw contractError('wrong_type', '--method', '--method must be morris or lhs');
      if (metodo === 'morris' && o.amostras !== undefined) throw contractError('wrong_type', '--amostras', '--amostras is for --method lhs (morris takes --trajetorias)');
      if (metodo !== 'morris' && (o.trajetorias !== undefined || o.niveis !== undefined)) {
        throw contractError('wrong_type', o.trajetorias !== undefined ? '--trajetorias' : '--niveis', '--trajetorias and --niveis are for --method morris (lhs takes --amostras)');
      }
      const axes = o.param.map(parseAxis('--param', 'name=lo,hi (e.g. beta0=-2,-0.5)'));
      const repeated = axes.find(([name], i) => axes.findIndex(([other]) => other === name) !== i);
      if (repeated) throw contractError('duplicate_value', repeated[0], `--param ${repeated[0]} is given twice`);
      const faixas = Object.fromEntries(axes) as Record<string, [number, number]>;
      const { cenario, parametros } = await fixedOverrides(json, o.set, o.replicas);
      if (o.csv) await checkOutputDir('--csv', o.csv);
      if (o.plot) await checkOutputFile('--plot', o.plot);
      const [{ closePool }, { sensitivity, sensitivityCsv }, { sweepCsv }] = await Promise.all([
        import('../src/pool/pool.js'), import('../src/research/sensitivity.js'), import('../src/research/sweep.js'),
      ]);
      try {
        const result = await sensitivity(cenario, faixas, {
          metodo, trajetorias: o.trajetorias, niveis: o.niveis, amostras: o.amostras, semente: o.designSeed, parametros,
          todasVariantes: o.allVariants, threads: o.threads,
          onPoint: (p, n) => process.stderr.isTTY && process.stderr.write(`sensitivity: run ${p} of ${n}\n`),
        });
        if (o.csv) {
          await writeFile(join(o.csv, 'sensibilidade.csv'), sensitivityCsv(result.linhas));
          await writeFile(join(o.csv, 'pontos.csv'), sweepCsv(result.pontos));
        }
        if (o.plot) {
          const { sensitivitySvg } = await import('../src/research/sensitivity-chart.js');
          await writeFile(o.plot, sensitivitySvg(result.linhas));
        }
        if (o.json) process.stdout.write(`${JSON.stringify({ metodo: result.metodo, linhas: result.linhas }, null, 2)}\n`);
        else if (!o.csv) process.stdout.write(sensitivityCsv(result.linhas));
      } finally {
        await closePool();
      }
    });
}
