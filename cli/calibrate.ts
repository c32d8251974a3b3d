// `campaign-sim calibrate REQUEST.json SERIES.csv|json`: runs a calibration on this machine
// (calibration/run.ts) and prints its result. A progress bar (rounds done of rounds) is drawn
// on stderr when stderr is a TTY. The calibration modules (mathjs among them) load in the action.
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { contractError } from '../src/errors.js';
import type { CalibrationBody, CalibrationRequest } from '../src/contract/types.js';
import type { CalibrationResult } from '../calibration/run.js';
import { readInputJson, readingInput } from './input-file.js';
import { checkOutputFile } from './output-file.js';

/** Reads REQUEST.json (a calibration request, or a body {pedido, serie?, serie_sha256?}) and the series; validates both. */
async function readBody(requestPath: string, seriesPath: string | undefined): Promise<CalibrationBody> {
  const data = (await readInputJson(requestPath)) as Record<string, unknown>;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw contractError('wrong_type', '', `${requestPath}: expected a JSON object`);
  const [{ locateSeriesError, readSeriesFile }, { validateCalibrationRequest }] = await Promise.all([
    import('../calibration/series-file.js'), import('../calibration/validate-request.js'),
  ]);
  const isBody = 'pedido' in data;
  const pedido = (isBody ? data.pedido : data) as CalibrationRequest;
  const file = seriesPath !== undefined ? await readingInput(seriesPath, () => readSeriesFile(seriesPath)) : null;
  const serie = file !== null ? file.rows : isBody ? (data.serie as CalibrationBody['serie']) : null;
  if (serie === null || serie === undefined) throw contractError('series_missing', 'serie', 'give the series file (SERIES.csv or SERIES.json) or a body with serie');
  try {
    return validateCalibrationRequest({ pedido, serie, serie_sha256: isBody ? data.serie_sha256 ?? null : null });
  } catch (e) {
    throw file !== null ? locateSeriesError(e, seriesPath!, file) : e;
  }
}

function summary(r: CalibrationResult): string {
  const pct = (v: number | null) => (v === null ? '-' : `${(v * 100).toFixed(2)}%`);
  const m = r.veredito.metricas;
  const lines = [
    `verdict: ${r.veredito.resultado} (attempt ${r.veredito.tentativa})`,
    `  window MAPE ${pct(m.mape_janela.valor)}; holdout MAPE ${pct(m.mape_holdout.valor)} (limit ${pct(m.mape_holdout.limite)}); spatial holdout MAPE ${pct(m.mape_holdout_espacial.valor)}${m.mape_holdout_espacial.limite === null ? '' : ` (limit ${pct(m.mape_holdout_espacial.limite)})`}`,
    `  holdout MAPE of the simple baselines, to beat: persistence ${pct(m.mape_holdout_persistencia.valor)}, Bass ${pct(m.mape_holdout_bass.valor)}, log-trend ${pct(m.mape_holdout_tendencia_log.valor)}`,
    ...r.veredito.motivos.map((x) => `  - ${x}`),
    `search: ${r.busca.metodo}, ${r.busca.avaliados} candidates, ${r.rodadas} rounds; chosen round ${r.busca.historico.find((h) => h.escolhida)?.rodada} (window MAPE ${pct(r.busca.perda_janela)})`,
    'parameters:',
    ...r.parametros.map((p) => `  ${p.parametro} = ${p.valor}  [${p.min}, ${p.max}]${p.na_borda ? '  (on the edge of its range)' : ''}`),
    ...r.identificabilidade.fixados.map((f) => `  ${f.parametro} fixed at ${f.valor}: ${f.motivo}`),
    ...r.identificabilidade.grupos.map((g) => `  group ${g.parametros.join(' + ')}: ${g.motivo}`),
  ];
  return lines.join('\n') + '\n';
}

export function registerCalibrate(program: Command): void {
  program
    .command('calibrate')
    .description('Fit model parameters to a time series: search, identifiability, out-of-sample verdict')
    .argument('<request>', 'calibration request JSON (the pedido, or a body {pedido, serie})')
    .argument('[series]', 'series rows: .csv or .json (default: the body\'s serie)')
    .option('--threads <n>', 'worker threads for the simulations (default: all cores)')
    .option('--json', 'print the whole result as JSON')
    .option('-o, --output <file>', 'also write the result JSON to this file')
    .addHelpText('after', [
      '',
      'Series (CSV separated by , or ;, or JSON) columns: periodo (YYYYMM or YYYYMMDD), municipio (7 digits) or area (10 digits),',
      'one column per declared axis (canal, grupo_idade 0-6, sexo 0-1, renda 0-4, escolaridade 0-3, raca 0-4),',
      'valor (>= 0). See docs/calibration.md.',
      '',
      'Exit codes: 0 done (aprovada or reprovada), 2 refused input, 1 failure.',
    ].join('\n'))
    .action(async (requestPath: string, seriesPath: string | undefined, o: { threads?: string; json?: boolean; output?: string }) => {
      const threads = o.threads === undefined ? undefined : Number(o.threads);
      if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) throw contractError('wrong_type', '--threads', `--threads must be a positive integer, got ${o.threads}`);
      const body = await readBody(requestPath, seriesPath);
      if (o.output) await checkOutputFile('--output', o.output);
      const [{ default: cliProgress }, { openRelease }, { engineSimulate }, { runCalibration }, { simulationModel }, { countRounds }, { closePool }] = await Promise.all([
        import('cli-progress'), import('../src/release/release.js'), import('../calibration/engine.js'), import('../calibration/run.js'),
        import('../calibration/simulation-model.js'), import('../calibration/parameters.js'), import('../src/pool/pool.js'),
      ]);
      const release = openRelease(body.pedido.cenario.release);
      const rounds = countRounds(body.pedido, release);
      const bar = process.stderr.isTTY
        ? new cliProgress.SingleBar({ format: 'calibrating [{bar}] {value}/{total} rounds | {eta_formatted} left', stream: process.stderr }, cliProgress.Presets.shades_classic)
        : null;
      bar?.start(rounds, 0);
      let result: CalibrationResult;
      try {
        result = await runCalibration(body, {
          release,
          threads,
          model: simulationModel(engineSimulate),
          onProgress: (done) => bar?.update(done),
        });
      } finally {
        bar?.stop();
        await closePool(); // the shared pool's threads would keep the process alive
      }
      const json = JSON.stringify(result, null, 2);
      if (o.output) await writeFile(o.output, json + '\n');
      process.stdout.write(o.json ? json + '\n' : summary(result));
    });
}
