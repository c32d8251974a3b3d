// `campaign-sim sweep FILE --grid name=v1,v2 [--grid ...] [-o FILE]`: the scenario at every point of
// a grid over model parameters or scenario fields (src/research/sweep.ts), one CSV table of the
// published horizon totals per point, variant and measure. Every point keeps the scenario's
// grupo_comparacao: common random numbers across the grid.
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { ServiceError } from '../src/errors.js';
import { readInputJson } from './input-file.js';
import { checkOutputFile } from './output-file.js';
import { collectParam, positiveInteger, SEED_HELP } from './simulate.js';

/** `name=v1,v2` or `name=[json, ...]`: the values of one grid name. */
function parseAxis(a: string): [string, unknown[]] {
  const eq = a.indexOf('=');
  if (eq < 1) throw new ServiceError('invalid_request', `--grid ${JSON.stringify(a)}: expected name=v1,v2,... (e.g. beta0=-6,-5.5,-5)`, { field: '--grid' });
  const text = a.slice(eq + 1);
  const read = (v: string): unknown => {
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  };
  const values = text.trimStart().startsWith('[') ? read(text) : text.split(',').map(read);
  if (!Array.isArray(values) || values.length === 0) throw new ServiceError('invalid_request', `--grid ${a.slice(0, eq)}: give one or more values`, { field: '--grid' });
  return [a.slice(0, eq), values];
}

export function registerSweep(program: Command): void {
  program
    .command('sweep')
    .description('Run a scenario over a grid of parameter or scenario-field values (common random numbers) and write one tidy CSV')
    .argument('<file>', 'campaign scenario (JSON)')
    .requiredOption('--grid <name=values>', 'a grid name and its values: beta0=-6,-5.5 or canais.0.intensidade=[0.2,0.4]; repeatable (the grid is their product)', collectParam)
    .option('--param <name=value>', 'a fixed override, as simulate --param; repeatable', collectParam)
    .option('--replicas <n>', 'replicas (overrides the scenario\'s)', positiveInteger('--replicas'))
    .option('--plan-only', 'run the plano variant alone at every point')
    .option('--threads <n>', 'worker threads', positiveInteger('--threads'))
    .option('-o, --output <file>', 'CSV file to write (default: stdout)')
    .addHelpText('after', `\nColumns: one per grid name, then ponto, variante, medida, valor (persons at the horizon, published units summed), escondidas.${SEED_HELP}`)
    .action(async (file: string, o: { grid: string[]; param?: string[]; replicas?: number; planOnly?: boolean; threads?: number; output?: string }) => {
      const json = await readInputJson(file);
      const grid = Object.fromEntries(o.grid.map(parseAxis));
      const [{ validateScenario }, { closePool }, overrides, { sweep, sweepCsv }] = await Promise.all([
        import('../src/contract/validate-scenario.js'), import('../src/pool/pool.js'),
        import('../src/research/scenario-overrides.js'), import('../src/research/sweep.js'),
      ]);
      const base = validateScenario(json);
      const assigned = overrides.parseAssignments(o.param ?? []);
      if (o.replicas !== undefined) assigned.replicas = o.replicas;
      // the release is resolved per point after the overrides: --param or --grid release=... pick it
      const { cenario, parametros } = overrides.applyOverrides(base, assigned);
      if (o.output) await checkOutputFile('--output', o.output);
      try {
        const rows = await sweep(cenario, grid, {
          parametros, somentePlano: o.planOnly, threads: o.threads,
          onPoint: (p, n) => process.stderr.isTTY && process.stderr.write(`sweep: point ${p} of ${n}\n`),
        });
        const csv = sweepCsv(rows);
        if (o.output) await writeFile(o.output, csv);
        else process.stdout.write(csv);
      } finally {
        await closePool();
      }
    });
}
