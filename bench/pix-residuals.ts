// Where the Pix case's cross-section misses (issue 12, the Spearman target): the published
// parameters run once more on every UF (the case's 1:k samples), and the model's Dec 2022 payers
// are compared with the Banco Central's, per UF, per capital and interior, and by distance to
// the nearest capital of another UF (an attraction of regional centres would show as a deficit
// of payers near another UF's capital). Municipal payers are read only in UFs whose municipal
// file adds up to their UF total (it lacks municipalities of BA, MG, SP, PR and RS).
//   npm run bench:pix-residuals -- [--release v1.4.0] [--threads N]
// Writes pix-residuals.json to the bench output folder (bench/lib/bench-output.ts).
import { cpus } from 'node:os';
import { activityAt } from '../calibration/pix/pix-activity.js';
import { simulatePixAdopters, type AdoptersByMunicipality } from '../calibration/pix/pix-model.js';
import { COBERTURA_MINIMA, municipalPayers } from '../calibration/pix/pix-municipal.js';
import { loadPixSeries } from '../calibration/pix/pix-series.js';
import { PIX_JANELA } from '../calibration/pix/pix-case.js';
import { closePool } from '../src/pool/pool.js';
import { distanceKm } from '../src/release/geometry.js';
import { readPixCase, type ActivityCurve } from '../src/release/pix-case-file.js';
import { listReleases, newestRelease, openRelease } from '../src/release/release.js';
import type { Municipality, UfCode } from '../src/release/types.js';
import { writeBenchResult } from './lib/bench-output.js';
import { oneOf, parseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';

const FAIXA_KM = 50;
const ALCANCE_KM = 400;

/** ln(observed / model) of summed payers, rounded for the report. */
const logRatio = (obs: number, model: number) => Number(Math.log(obs / model).toFixed(3));

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'pix-residuals',
    measures: 'Where the Pix case\'s cross-section misses: the published parameters run once more on every UF (the case\'s samples), and the model\'s Dec 2022 payers compared with the Banco Central\'s per UF, per capital and interior, and by distance to the nearest capital of another UF.',
    results: ['pix-residuals.json'],
    options: {
      release: { type: 'string', value: 'V', default: newestRelease(), check: oneOf(listReleases()), description: 'the release whose Pix case is run' },
      threads: { type: 'string', value: 'N', default: String(cpus().length), check: wholeNumber(), description: 'simulation threads, as many as the CPUs unless given' },
    },
  });
  const release = openRelease(values.release);
  const caso = readPixCase(release.version);
  if (!caso) throw new Error(`campaign-sim: release ${release.version} has no Pix case (run npm run bench:pix first)`);
  const mes = PIX_JANELA.fim;
  const activity: ActivityCurve = caso.ajuste.observacao.atividade;
  const porMunicipio: AdoptersByMunicipality = new Map();
  const t0 = performance.now();
  await simulatePixAdopters(caso.ajuste.parametros, {
    release, ufs: release.ufs, meses: [mes], amostra: () => caso.ajuste.amostra_final, threads: Number(values.threads), porMunicipio,
    onUf: (uf) => process.stderr.write(`${uf} `),
  });
  process.stderr.write('\n');
  const a = activityAt(activity, mes);
  const obsMun = municipalPayers(mes);
  const series = loadPixSeries();
  const obsUf = series.pagadores;
  const iMes = series.meses.indexOf(mes);
  const capitals = release.ufs.map((uf) => release.municipalities(uf).find((m) => m.capital)!);
  const nearestOtherCapital = (m: Municipality) => Math.min(...capitals.filter((c) => c.uf !== m.uf).map((c) => distanceKm(m.lat, m.lon, c.lat, c.lon)));

  const ufs = [];
  const faixas = Array.from({ length: ALCANCE_KM / FAIXA_KM }, (_, k) => ({ de_km: k * FAIXA_KM, ate_km: (k + 1) * FAIXA_KM, municipios: 0, obs: 0, modelo: 0 }));
  for (const uf of release.ufs as UfCode[]) {
    const muns = release.municipalities(uf);
    // the case's coverage of the UF (pix-coverage.ts; cases made before it record none: 1)
    const c = caso.ajuste.observacao.cobertura?.[uf] ?? 1;
    const model = (ms: Municipality[]) => ms.reduce((s, m) => s + c * a * (porMunicipio.get(m.codigo)?.[0] ?? 0), 0);
    const obs = (ms: Municipality[]) => ms.reduce((s, m) => s + (obsMun.get(m.codigo) ?? 0), 0);
    const total = obsUf[uf][iMes];
    const cobertura = obs(muns) / total;
    const row: Record<string, unknown> = { uf, ln_obs_modelo: logRatio(total, model(muns)), cobertura_municipal: Number(cobertura.toFixed(3)) };
    if (cobertura >= COBERTURA_MINIMA) {
      const cap = muns.filter((m) => m.capital), rest = muns.filter((m) => !m.capital);
      Object.assign(row, { ln_obs_modelo_capital: logRatio(obs(cap), model(cap)), ln_obs_modelo_interior: logRatio(obs(rest), model(rest)) });
      // distance bins, each municipality's model scaled by its own UF's ratio: what is left is where
      // inside the UF the payers sit, not the UF's level
      const k = obs(muns) / model(muns);
      for (const m of muns) {
        const f = faixas[Math.floor(nearestOtherCapital(m) / FAIXA_KM)];
        if (!f) continue;
        f.municipios++; f.obs += obs([m]); f.modelo += k * model([m]);
      }
    }
    ufs.push(row);
  }
  const doc = {
    bench: 'pix-residuals', when: new Date().toISOString(), release: release.version, mes, amostra: caso.ajuste.amostra_final,
    segundos: Number(((performance.now() - t0) / 1000).toFixed(1)),
    ufs,
    por_distancia_capital_de_outra_uf: faixas.map(({ obs, modelo, ...f }) => ({ ...f, ln_obs_modelo: logRatio(obs, modelo) })),
  };
  process.stdout.write(`${await writeBenchResult('pix-residuals.json', doc)}\n`);
  await closePool();
}

runAsMain(import.meta.url, main);
