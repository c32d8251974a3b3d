// Recovery of known parameters through the Pix observation model: payers made by the model at
// known parameters (adopters x the activity curve of the real national series x RR's coverage) are fitted back
// by the Pix fit's own search, on RR's 1:8 household sample.
import { afterAll, describe, expect, it } from 'vitest';
import { fitPix, parametersAt, PIX_FIT_DIMENSIONS } from '../../calibration/pix/pix-fit.js';
import { fitActivity } from '../../calibration/pix/pix-activity.js';
import { censusCoverage } from '../../calibration/pix/pix-coverage.js';
import { predictPayers, simulatePixAdopters } from '../../calibration/pix/pix-model.js';
import { loadPixSeries } from '../../calibration/pix/pix-series.js';
import { closePool } from '../../src/pool/pool.js';
import { openRelease } from '../../src/release/release.js';
import type { ModelParameters } from '../../src/release/types.js';

afterAll(() => closePool());

describe('Pix fit', () => {
  it('recovers beta0 and logit_lancamento from payers the model made', async () => {
    const release = openRelease('v1.0.0');
    const base: ModelParameters = {
      ...release.manifest.parametros_pix, idade_minima_adocao: 15,
      pesos_escore: { escolaridade: 1, renda: 0.3, internet: 0.8, idade: 0.2 }, padronizacao_celulas: { media: 2, dp: 1.5 },
    };
    const names = PIX_FIT_DIMENSIONS.map((d) => d.nome);
    const truth = PIX_FIT_DIMENSIONS.map((d) => d.inicio);
    truth[names.indexOf('beta0')] = -7.3;
    truth[names.indexOf('logit_lancamento')] = -1.0;
    const real = loadPixSeries();
    const janelaFim = 202206;
    const meses = real.meses.filter((m) => m <= janelaFim);
    const n = (await release.population(['RR'])).nPersons;
    const k = 8;
    const ad = await simulatePixAdopters(parametersAt(base, truth, PIX_FIT_DIMENSIONS), { release, ufs: ['RR'], meses, amostra: () => k, threads: 2 });
    const cobertura = censusCoverage();
    const made = predictPayers(ad.RR!, meses, fitActivity(real, janelaFim), cobertura.RR);
    const series = { ...real, pagadores: { ...real.pagadores, RR: Float64Array.from(real.meses, (_, i) => (i < made.length ? made[i] : 1)) } };

    const start = truth.slice();
    start[names.indexOf('beta0')] = -6.6;
    start[names.indexOf('logit_lancamento')] = -0.4;
    const fit = await fitPix({
      release, series, base, cobertura, janelaFim, ufs: ['RR'], amostraPessoas: Math.round(n / k), maxAvaliacoes: 45,
      inicio: start, livres: ['beta0', 'logit_lancamento'], threads: 2,
    });
    expect(fit.amostra.RR).toBe(k);
    expect(fit.avaliacoes[0].loss).toBeGreaterThan(0.1);
    expect(fit.melhor.loss).toBeLessThan(0.01);
    expect(fit.parametros.beta0).toBeCloseTo(-7.3, 1);
    expect(fit.parametros.logit_lancamento).toBeCloseTo(-1.0, 1);
    // the parameters the search did not move stay at their start
    expect(fit.parametros.beta_expo).toBe(truth[names.indexOf('beta_expo')]);
  }, 240_000);
});
