// The Pix fit of the release that carries the published case (issue 12): fits parametros_pix to the Banco Central's
// monthly Pix payers by UF, judges them out of sample, forecasts to 2026-12, and writes
//   data/releases/<release>/caso-pix.json  (the public case; the release manifest reads it)
//   bench/results/pix.json                 (the targets, what was measured, the seconds)
//   npm run bench:pix -- [--avaliacoes N] [--amostra-pessoas N] [--amostra-final K] [--threads N]
// Deterministic: the same release, options and data give the same files (timings aside). The
// defaults are the options of the committed case, so a plain rerun (also from `npm run bench`)
// reproduces the release's parameters instead of replacing them.
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { buildPixCase, PIX_TARGETS, targetsMet } from '../calibration/pix/pix-case.js';
import { pixBaseParameters } from '../calibration/pix/pix-fit.js';
import { loadPixSeries } from '../calibration/pix/pix-series.js';
import { closePool } from '../src/pool/pool.js';
import { projectPath } from '../src/project-path.js';
import { writePixCase } from '../src/release/pix-case-file.js';
import { newestRelease, openRelease } from '../src/release/release.js';
import { runAsMain } from './lib/run-as-main.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      // the release whose case is published (a release may carry an older one's fit, as v1.3.0 carries v1.2.0's): a plain rerun refits it
      release: { type: 'string', default: openRelease(newestRelease()).manifest.calibracao_pix?.release ?? newestRelease() },
      avaliacoes: { type: 'string', default: '220' },
      'amostra-pessoas': { type: 'string', default: '20000' },
      'amostra-final': { type: 'string', default: '4' },
      threads: { type: 'string', default: String(cpus().length) },
    },
  });
  const t0 = performance.now();
  const release = openRelease(values.release);
  const log = (s: string) => process.stderr.write(`[${((performance.now() - t0) / 1000).toFixed(0)} s] ${s}\n`);
  log('população das 27 UFs e padronização nacional');
  const base = await pixBaseParameters(release);
  const caso = await buildPixCase({
    release, series: loadPixSeries(), base,
    amostraPessoas: Number(values['amostra-pessoas']), avaliacoes: Number(values.avaliacoes),
    amostraFinal: Number(values['amostra-final']), threads: Number(values.threads),
    onStage: log,
    onEvaluation: (stage, e, n) => log(`${stage} ${n}: perda ${(e.loss * 100).toFixed(2)}%`),
  });
  const segundos = (performance.now() - t0) / 1000;
  const casePath = await writePixCase(caso);
  const a = caso.agregados;
  const medido = { ...a, minutos: segundos / 60 };
  const result = {
    bench: 'pix', when: new Date().toISOString(), release: release.version, node: process.version, cpus: cpus().length,
    opcoes: { avaliacoes: Number(values.avaliacoes), amostra_pessoas: Number(values['amostra-pessoas']), amostra_final: Number(values['amostra-final']), threads: Number(values.threads) },
    alvos: PIX_TARGETS,
    medido,
    atingido: { ...targetsMet(a), minutos: segundos / 60 < PIX_TARGETS.minutos },
    ufs: caso.ufs.map((u) => ({ uf: u.uf, veredito: u.veredito, ...u.metricas })),
    caso: casePath.slice(projectPath().length + 1),
  };
  await writeFile(projectPath('bench/results/pix.json'), JSON.stringify(result, null, 2) + '\n');
  log(`veredito ${a.veredito}; mediana MAPE janela ${(a.mape_mediana_janela * 100).toFixed(1)}%, holdout ${(a.mape_mediana_holdout * 100).toFixed(1)}%, spearman ${a.spearman_parte_dez_2022.toFixed(3)}`);
  await closePool();
}

runAsMain(import.meta.url, main);
