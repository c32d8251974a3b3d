// `campaign-sim plot ROWS.csv [-o chart.svg] [--medida M...]`: draws the weekly curves of the CSV
// `simulate --csv` writes (per variant, a panel per measure) as an SVG (src/findings/curves-chart.ts).
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { ServiceError } from '../src/errors.js';
import { readInputText } from './input-file.js';

export function registerPlot(program: Command): void {
  program
    .command('plot')
    .description('Draw the weekly curves of a `simulate --csv` file as an SVG: one line per variant, one panel per measure')
    .argument('<csv>', 'weekly rows (variante,replica,municipio,semana,medida,valor) written by campaign-sim simulate --csv')
    .option('-o, --output <file>', 'SVG file to write (default: stdout)')
    .option('--medida <medida...>', 'only these measures (default: every measure in the file)')
    .option('--titulo <text>', 'chart title')
    .addHelpText('after', '\nEach line is the sum over the units of the published counts (hidden ones left out), mean over replicas.')
    .action(async (csv: string, o: { output?: string; medida?: string[]; titulo?: string }) => {
      const text = await readInputText(csv);
      const { curvesSvg, parseWeeklyCsv, weeklyCurves } = await import('../src/findings/index.js');
      const curves = weeklyCurves(parseWeeklyCsv(text, csv)).filter((c) => o.medida === undefined || o.medida.includes(c.medida));
      if (curves.length === 0) throw new ServiceError('invalid_request', `${csv}: no rows${o.medida ? ` of ${o.medida.join(', ')}` : ''} to draw`);
      const svg = curvesSvg(curves, o.titulo);
      if (o.output) await writeFile(o.output, svg);
      else process.stdout.write(svg);
    });
}
