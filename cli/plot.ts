// `campaign-sim plot ROWS.csv [-o chart.svg] [--medida M...]`: draws the weekly curves of the CSV
// `simulate --csv` writes (per variant, a panel per measure) as an SVG (src/findings/curves-chart.ts):
// from the dated rows (data,municipio,...) each variant's mean with its min-max band over replicas,
// plano on top and the weeks' last days on the x axis; from the older undated form
// (variante,replica,...) the means only by week number, as before. An output ending in .png gets
// the same chart as a PNG (src/findings/chart-png.ts: the optional package @resvg/resvg-js; without
// it the command refuses on one line, exit 2).
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { ServiceError } from '../src/errors.js';
import { readInputText } from './input-file.js';
import { checkOutputFile } from './output-file.js';

export function registerPlot(program: Command): void {
  program
    .command('plot')
    .description('Draw the weekly curves of a `simulate --csv` file as an SVG or PNG: one line per variant, one panel per measure')
    .argument('<csv>', 'weekly rows written by campaign-sim simulate --csv')
    .option('-o, --output <file>', 'file to write: a PNG when it ends in .png, an SVG otherwise (default: the SVG on stdout)')
    .option('--medida <medida...>', 'only these measures (default: every measure in the file)')
    .option('--titulo <text>', 'chart title')
    .addHelpText('after', '\nEach line is the sum over the units of the published counts (hidden ones left out), mean over replicas; the band around it spans the lowest to the highest replica.')
    .action(async (csv: string, o: { output?: string; medida?: string[]; titulo?: string }) => {
      const text = await readInputText(csv);
      if (o.output) await checkOutputFile('--output', o.output);
      const [{ curvesSvg, parseWeeklyCsv, weeklyCurves }, { parseTidyCsv, TIDY_WEEKLY_CSV_HEADER }, { weeklyBands }, { datedWeeks }] = await Promise.all([
        import('../src/findings/index.js'), import('../src/findings/tidy-weekly-rows.js'), import('../src/findings/weekly-bands.js'),
        import('../src/research/dated-weeks.js'),
      ]);
      const dated = text.replace(/^\uFEFF/, '').startsWith(TIDY_WEEKLY_CSV_HEADER);
      const rows = dated ? parseTidyCsv(text, csv) : [];
      const curves = (dated ? weeklyBands(rows) : weeklyCurves(parseWeeklyCsv(text, csv))).filter((c) => o.medida === undefined || o.medida.includes(c.medida));
      if (curves.length === 0) throw new ServiceError('invalid_request', `${csv}: no rows${o.medida ? ` of ${o.medida.join(', ')}` : ''} to draw`);
      const dates = new Map(rows.map((r) => [r.semana, r.data]));
      const svg = curvesSvg(curves, o.titulo, dated ? datedWeeks((w) => dates.get(w) ?? String(w)) : {});
      if (o.output && /\.png$/i.test(o.output)) {
        const { svgToPng } = await import('../src/findings/chart-png.js');
        await writeFile(o.output, await svgToPng(svg));
      } else if (o.output) await writeFile(o.output, svg);
      else process.stdout.write(svg);
    });
}
