// `campaign-sim export RESULTADO.json [--csv FILE | --jsonl FILE]`: the rows of a stored result
// (`simulate --out DIR` writes DIR/resultado.json; the service keeps the same JobResult) in the
// columns of `simulate --csv`, without running anything again. A stored result keeps each unit's
// count per replica at the horizon only (src/findings/horizon-rows.ts), so these are the rows of the
// last week; for every week, write `simulate --csv` when running.
import type { Command } from 'commander';
import { ServiceError } from '../src/errors.js';
import { readInputJson } from './input-file.js';
import { writeLines } from './simulate.js';

export function registerExport(program: Command): void {
  program
    .command('export')
    .description('Write the rows of a stored result (resultado.json of simulate --out) as CSV or JSON Lines, without re-running')
    .argument('<resultado>', 'stored result: resultado.json written by campaign-sim simulate --out')
    .option('--csv <file>', 'CSV file to write, the columns of simulate --csv (default: CSV on stdout)')
    .option('--jsonl <file>', 'JSON Lines file to write instead')
    .addHelpText('after', '\nThe stored result keeps every unit\'s count per replica at the horizon, so the rows are those of the last week (semana = the horizon\'s last week, data = its last day), under the privacy rule.')
    .action(async (file: string, o: { csv?: string; jsonl?: string }) => {
      const stored = await readInputJson(file);
      const [{ decodeJobResult }, { horizonRows }, tidy] = await Promise.all([
        import('../src/findings/job-result.js'), import('../src/findings/horizon-rows.js'), import('../src/findings/tidy-weekly-rows.js'),
      ]);
      let result: Awaited<ReturnType<typeof decodeJobResult>>;
      try {
        result = decodeJobResult(stored);
      } catch (e) {
        // the store's decoder calls a wrong formato an internal error; here it is the user's file
        throw new ServiceError('invalid_request', `${file} is not a stored result (campaign-sim simulate --out writes resultado.json): ${(e as Error).message}`);
      }
      const rows = () => tidy.tidyWeeklyRows(horizonRows(result), { horizonte: result.cenario.horizonte, municipios: result.municipios, publicavel: true });
      if (o.jsonl) await writeLines(o.jsonl, tidy.tidyJsonLines(rows()));
      if (o.csv) await writeLines(o.csv, tidy.tidyCsvLines(rows()));
      if (!o.csv && !o.jsonl) for (const line of tidy.tidyCsvLines(rows())) process.stdout.write(line);
    });
}
