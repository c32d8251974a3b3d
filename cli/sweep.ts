// `campaign-sim sweep FILE --grid name=v1,v2 [--grid ...] [--design grid|random|lhs --points N]
// [-o FILE] [--curvas FILE]`: the scenario at every point of a design over model parameters or
// scenario fields (src/research/sweep.ts), one CSV table of the published horizon totals per
// point, variant and measure, and with --curvas each point's weekly curves. Every point keeps the
// scenario's grupo_comparacao: common random numbers across the design.
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { Scenario } from '../src/contract/types.js';
import { contractError, ServiceError } from '../src/errors.js';
import type { ModelParameters } from '../src/release/types.js';
import { readInputJson } from './input-file.js';
import { checkOutputFile } from './output-file.js';
import { collectParam, positiveInteger, SEED_HELP } from './simulate.js';

/** `name=v1,v2` or `name=[json, ...]` after `flag`: the values of one grid name (or, in a random design, its min and max). */
export function parseAxis(flag: string, example: string): (a: string) => [string, unknown[]] {
  return (a) => {
    const eq = a.indexOf('=');
    if (eq < 1) throw new ServiceError('invalid_request', `${flag} ${JSON.stringify(a)}: expected ${example}`, { field: flag });
    const text = a.slice(eq + 1);
    const read = (v: string): unknown => {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    };
    const values = text.trimStart().startsWith('[') ? read(text) : text.split(',').map(read);
    if (!Array.isArray(values) || values.length === 0) throw new ServiceError('invalid_request', `${flag} ${a.slice(0, eq)}: give one or more values`, { field: flag });
    return [a.slice(0, eq), values];
  };
}

/** The scenario and parameters every point starts from: the file, its fixed `name=value` overrides and --replicas. */
export async function fixedOverrides(json: unknown, assignments: readonly string[] = [], replicas?: number): Promise<{ cenario: Scenario; parametros: Partial<ModelParameters> }> {
  // a whole parameter's value first, before the scenario schema and the releases load
  const { checkAssignedParameters, parseAssignments } = await import('../src/research/parameter-assignments.js');
  const assigned = parseAssignments(assignments);
  checkAssignedParameters(assigned);
  const [{ validateScenario }, overrides] = await Promise.all([
    import('../src/contract/validate-scenario.js'), import('../src/research/scenario-overrides.js'),
  ]);
  if (replicas !== undefined) assigned.replicas = replicas;
  return overrides.applyOverrides(validateScenario(json), assigned);
}

/**
 * The options every run of a design takes, after the design's own: the design's seed (`seedWhen`:
 * the design options it needs, if any), the fixed overrides under `overrideFlag` (sweep's --param;
 * sensitivity's --set, its --param being the axes), --replicas and --threads.
 */
export function addDesignRunOptions(command: Command, overrideFlag: '--param' | '--set', seedWhen = ''): Command {
  return command
    .option('--design-seed <text>', `${seedWhen}the seed of the design (default: the scenario's grupo_comparacao)`)
    .option(`${overrideFlag} <name=value>`, 'a fixed override of every run, as simulate --param; repeatable', collectParam)
    .option('--replicas <n>', 'replicas (overrides the scenario\'s)', positiveInteger('--replicas'))
    .option('--threads <n>', 'worker threads', positiveInteger('--threads'));
}

const DESIGNS = { grid: 'grade', random: 'aleatorio', lhs: 'hipercubo_latino' } as const;

export function registerSweep(program: Command): void {
  const command = program
    .command('sweep')
    .description('Run a scenario over a grid, or random or Latin-hypercube draws, of parameter or scenario-field values (common random numbers) and write one tidy CSV')
    .argument('<file>', 'campaign scenario (JSON)')
    .requiredOption('--grid <name=values>', 'a name and its values: beta0=-6,-5.5 or canais.0.intensidade=[0.2,0.4] (with --design random or lhs: its min,max); repeatable (a grid is their product)', collectParam)
    .option('--design <design>', 'grid (default: every combination), random (uniform draws in each name\'s min,max) or lhs (a Latin hypercube: each interval cut into --points strata, one point in each)', 'grid')
    .option('--points <n>', 'with --design random or lhs: the points to draw', positiveInteger('--points'));
  addDesignRunOptions(command, '--param', 'with --design random or lhs: ')
    .option('--plan-only', 'run the plano variant alone at every point')
    .option('-o, --output <file>', 'CSV file of the horizon totals (default: stdout)')
    .option('--curvas <file>', 'also write each point\'s weekly curves as CSV: the names, ponto, data, semana, variante, medida, media, minimo, maximo (the replicas\' published counts summed over the units), escondidas')
    .addHelpText('after', `\nColumns of the totals: one per name, then ponto, variante, medida, valor (persons at the horizon, published units summed), escondidas.${SEED_HELP}`)
    .action(async (file: string, o: {
      grid: string[]; design: string; points?: number; designSeed?: string; param?: string[]; replicas?: number; planOnly?: boolean;
      threads?: number; output?: string; curvas?: string;
    }) => {
      const json = await readInputJson(file);
      const grid = Object.fromEntries(o.grid.map(parseAxis('--grid', 'name=v1,v2,... (e.g. beta0=-6,-5.5,-5)')));
      const metodo = DESIGNS[o.design as keyof typeof DESIGNS];
      if (metodo === undefined) throw contractError('wrong_type', '--design', '--design must be grid, random or lhs');
      if ((metodo === 'grade') !== (o.points === undefined)) {
        throw contractError('wrong_type', '--points', metodo === 'grade' ? '--points is for --design random or lhs' : `--design ${o.design} needs --points N`);
      }
      // the release is resolved per point after the overrides: --param or --grid release=... pick it
      const { cenario, parametros } = await fixedOverrides(json, o.param, o.replicas);
      const desenho = { metodo, pontos: o.points, semente: o.designSeed };
      if (o.output) await checkOutputFile('--output', o.output);
      if (o.curvas) await checkOutputFile('--curvas', o.curvas);
      const [{ closePool }, sweeps] = await Promise.all([import('../src/pool/pool.js'), import('../src/research/sweep.js')]);
      try {
        const totals = [];
        const curves = [];
        const points = sweeps.sweepPoints(cenario, grid, {
          parametros, desenho, somentePlano: o.planOnly, threads: o.threads,
          onPoint: (p, n) => process.stderr.isTTY && process.stderr.write(`sweep: point ${p} of ${n}\n`),
        });
        // sweepPoints refuses any point's name or value before the first point runs
        for await (const point of points) {
          totals.push(...sweeps.sweepRows(point));
          if (o.curvas) curves.push(...sweeps.sweepCurveRows(point));
        }
        if (o.curvas) await writeFile(o.curvas, sweeps.sweepCurvesCsv(curves));
        const csv = sweeps.sweepCsv(totals);
        if (o.output) await writeFile(o.output, csv);
        else process.stdout.write(csv);
      } finally {
        await closePool();
      }
    });
}
