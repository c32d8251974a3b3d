// `campaign-sim export RESULTADO.json [--csv FILE | --jsonl FILE] [--curvas FILE]`: what a stored
// result (`simulate --out DIR` writes DIR/resultado.json; the service keeps the same JobResult)
// holds, without running anything again. It keeps each unit's count per replica at the horizon only
// (src/findings/horizon-rows.ts: the rows of the last week, in the columns of `simulate --csv`) and
// the weekly curves summed over the units (--curvas, src/findings/stored-curve-rows.ts); every
// unit's every week is written by `simulate --csv` when running. Storing those would multiply a
// stored result by the number of weeks (docs/research.md, "What a stored result keeps"), so the
// command says on stderr which of them it wrote.
import type { Command } from 'commander';
import { ServiceError } from '../src/errors.js';
import { readInputJson } from './input-file.js';
import { checkOutputFile } from './output-file.js';
import { writeLines } from './simulate.js';

export function registerExport(program: Command): void {
  program
    .command('export')
    .description('Write the rows of a stored result (resultado.json of simulate --out) as CSV or JSON Lines, without re-running')
    .argument('<resultado>', 'stored result: resultado.json written by campaign-sim simulate --out')
    .option('--csv <file>', 'CSV file to write, the columns of simulate --csv (default: CSV on stdout)')
    .option('--jsonl <file>', 'JSON Lines file to write instead')
    .option('--frequencia <file>', 'also write a reception result\'s frequency distribution as CSV: municipio,area_ponderacao,canal,frequencia,publico,alcance,exato,parte,efetiva,motivo,publicavel (f = 1 .. 10, 10 = 10 or more)')
    .option('--limiar <f>', 'the effective frequency of --frequencia: rows with frequencia >= f are efetiva (default 3)')
    .option('--curvas <file>', 'also write the weekly curves the result keeps: data,semana,variante,medida,valor (persons summed over the units, mean over replicas),celulas_escondidas_na_curva')
    .addHelpText('after', '\nA stored result keeps every unit\'s count per replica at the horizon only, so the rows are those of the last week (semana = the horizon\'s last week, data = its last day), under the privacy rule; week by week it keeps only the curves summed over the units (--curvas). Every unit\'s every week: simulate --csv, when running.')
    .action(async (file: string, o: { csv?: string; jsonl?: string; curvas?: string; frequencia?: string; limiar?: string }) => {
      const stored = await readInputJson(file);
      if (o.limiar !== undefined && o.frequencia === undefined) throw new ServiceError('invalid_request', '--limiar is the effective frequency of --frequencia: give --frequencia FILE too', { field: '--limiar' });
      for (const [flag, path] of [['--csv', o.csv], ['--jsonl', o.jsonl], ['--curvas', o.curvas], ['--frequencia', o.frequencia]] as const) if (path) await checkOutputFile(flag, path);
      const [{ decodeJobResult }, { horizonRows }, tidy, curves, frequency] = await Promise.all([
        import('../src/findings/job-result.js'), import('../src/findings/horizon-rows.js'), import('../src/findings/tidy-weekly-rows.js'),
        import('../src/findings/stored-curve-rows.js'), import('../src/findings/frequency-rows.js'),
      ]);
      let result: Awaited<ReturnType<typeof decodeJobResult>>;
      try {
        result = decodeJobResult(stored);
      } catch (e) {
        // the store's decoder calls a wrong formato an internal error; here it is the user's file
        throw new ServiceError('invalid_request', `${file} is not a stored result (campaign-sim simulate --out writes resultado.json): ${(e as Error).message}`);
      }
      const curveRows = o.curvas === undefined ? undefined : curves.storedCurveRows(result);
      if (o.curvas !== undefined && curveRows === undefined) {
        throw new ServiceError('invalid_request', `${file} keeps no weekly curves (a result stored before 2026-11-24): only its horizon rows can be exported`, { field: '--curvas' });
      }
      if (o.frequencia !== undefined) {
        if (!result.alcance) throw new ServiceError('invalid_request', `${file} is not a reception result: it has no media frequencies`, { field: '--frequencia' });
        const limiar = o.limiar === undefined ? undefined : Number(o.limiar);
        await writeLines(o.frequencia, frequency.frequencyCsvLines(frequency.frequencyRows(result, { limiar })));
      }
      const rows = () => tidy.tidyWeeklyRows(horizonRows(result), { horizonte: result.cenario.horizonte, municipios: result.municipios, publicavel: true });
      if (o.jsonl) await writeLines(o.jsonl, tidy.tidyJsonLines(rows()));
      if (o.csv) await writeLines(o.csv, tidy.tidyCsvLines(rows()));
      if (!o.csv && !o.jsonl && !o.curvas && !o.frequencia) for (const line of tidy.tidyCsvLines(rows())) process.stdout.write(line);
      if (curveRows !== undefined) await writeLines(o.curvas!, curves.storedCurveCsvLines(curveRows));
      const horizon = tidy.weekEndDate(result.cenario.horizonte, result.semanas);
      process.stderr.write(
        `campaign-sim export: ${o.csv || o.jsonl || (!o.curvas && !o.frequencia) ? `unit rows of week ${result.semanas} (${horizon}, the horizon) only: a stored result keeps no unit's earlier weeks` : 'no unit rows'}` +
          `${curveRows ? `; ${curveRows.length} weekly curve rows (summed over the units)` : ''}${o.frequencia ? '; the frequency distribution at the horizon' : ''}; every unit's every week: simulate --csv, when running\n`,
      );
    });
}
