// Calibration benchmark (issue 7 target): 3 free parameters, 100 `aleatoria` candidates on RR,
// 2 replicas, 365 days must finish in under 10 minutes on this machine. Reports rounds per
// minute. The series is made by the model itself at known parameters (one extra simulation,
// not timed). One timed run: a calibration is minutes long, so benchmark.js's repeated sampling
// does not fit; the result is written as JSON to bench/out/calibration.json (bench/lib/bench-output.ts).
//   npm run tsbuild && node dist/bench/calibration.js [--candidates N] [--threads N]
import { availableParallelism, cpus, loadavg } from 'node:os';
import { openRelease } from '../src/release/release.js';
import { engineSimulate as simulate } from '../calibration/engine.js';
import { closePool } from '../src/pool/pool.js';
import { runCalibration } from '../calibration/run.js';
import { simulationModel } from '../calibration/simulation-model.js';
import { checkSeries } from '../calibration/series.js';
import { countRounds, freeDimensions } from '../calibration/parameters.js';
import { calibrationPeriods, calibrationRequest } from '../test/fixtures/scenarios.js';
import { parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';
import { writeBenchResult } from './lib/bench-output.js';

export const TARGET_SECONDS = 600;

export interface CalibrationBenchResult {
  bench: 'calibration';
  when: string;
  setup: { uf: 'RR'; dias: number; replicas: number; metodo: 'aleatoria'; candidatos: number; livres: string[]; threads: number };
  rodadas: number;
  segundos: number;
  rodadas_por_minuto: number;
  alvo_segundos: number;
  dentro_do_alvo: boolean;
  veredito: string;
  verdade: Record<string, number>;
  recuperado: Record<string, number>;
  perda_janela: number | null;
  mape_holdout: number | null;
  identificabilidade: unknown;
  maquina: { cpus: number; modelo: string; carga_1min_antes: number; aviso: string };
}

export async function runCalibrationBench(opts: { candidates?: number; threads?: number } = {}): Promise<CalibrationBenchResult> {
  const candidatos = opts.candidates ?? 100;
  const threads = opts.threads ?? availableParallelism();
  const release = openRelease('v1.0.0');
  await release.population(['RR']);
  const pedido = calibrationRequest({
    cenario: { replicas: 2, grupo_comparacao: 'bench-calibracao' },
    ...calibrationPeriods('mes', [202101, 202109], [202110, 202112]),
    parametros: { beta0: { min: -8, max: -5 }, logit_lancamento: { min: -6, max: -2 }, beta_expo: { min: -5, max: -2 } },
    busca: { metodo: 'aleatoria', candidatos, replicas: 2 },
  });
  const dims = freeDimensions(pedido, release);
  const verdade: Record<string, number> = { beta0: -6.5, logit_lancamento: -4, beta_expo: -3.5 };
  const truth = dims.map((d) => verdade[d.nome]);
  const codes = release.municipalities('RR').map((m) => m.codigo);
  const skeleton = checkSeries(codes.flatMap((municipio) => Array.from({ length: 12 }, (_, k) => ({ periodo: 202101 + k, municipio, valor: 1 }))), pedido, release);
  const model = simulationModel(simulate);
  const values = await (await model({ pedido, release, series: skeleton, dims, threads }))(truth);
  const serie = skeleton.blocks.flatMap((b, i) => skeleton.periods.map((periodo, j) => ({ periodo, municipio: b.unidade, valor: values[i * 12 + j] })));

  const carga = loadavg()[0];
  const t0 = process.hrtime.bigint();
  let last = 0;
  const r = await runCalibration({ pedido, serie }, {
    release, threads, model,
    onProgress: (done, total) => {
      if (done - last >= 10 || done === total) {
        last = done;
        process.stderr.write(`  ${done}/${total} rounds, ${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(0)} s\n`);
      }
    },
  });
  const segundos = Number(process.hrtime.bigint() - t0) / 1e9;
  return {
    bench: 'calibration',
    when: new Date().toISOString(),
    setup: { uf: 'RR', dias: 365, replicas: 2, metodo: 'aleatoria', candidatos, livres: dims.map((d) => d.nome), threads },
    rodadas: r.rodadas,
    segundos: Number(segundos.toFixed(1)),
    rodadas_por_minuto: Number((r.rodadas / (segundos / 60)).toFixed(2)),
    alvo_segundos: TARGET_SECONDS,
    dentro_do_alvo: segundos < TARGET_SECONDS && r.rodadas === countRounds(pedido, release),
    veredito: r.veredito.resultado,
    verdade,
    recuperado: Object.fromEntries(r.parametros.map((p) => [p.parametro, Number(p.valor.toFixed(3))])),
    perda_janela: r.busca.perda_janela,
    mape_holdout: r.veredito.metricas.mape_holdout.valor,
    identificabilidade: r.identificabilidade,
    maquina: {
      cpus: cpus().length,
      modelo: cpus()[0]?.model ?? 'unknown',
      carga_1min_antes: Number(carga.toFixed(2)),
      aviso: 'measured on a machine shared with other work; compare carga_1min_antes with cpus',
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'calibration',
    measures: 'One timed calibration (issue 7 target: under 10 minutes): 3 free parameters, random search over --candidates points on RR, 2 replicas, 365 days, against a series the model made at known parameters; rounds per minute and the parameters recovered.',
    results: ['calibration.json'],
    options: {
      candidates: { type: 'string', value: 'N', default: '100', check: wholeNumber(), description: 'candidates of the random search' },
      threads: { type: 'string', value: 'N', default: String(availableParallelism()), check: wholeNumber(), description: 'simulation threads, as many as the CPUs available unless given' },
    },
  });
  const result = await runCalibrationBench({ candidates: Number(values.candidates), threads: Number(values.threads) });
  await closePool();
  await writeBenchResult('calibration.json', result);
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
}

runAsMain(import.meta.url, main);
