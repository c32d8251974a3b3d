// The raking reaches its target margins: on counts and targets made from a known model (margins
// that agree), the fitted coefficients reproduce every fitted margin and the model's probabilities.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import type { InternetMargin } from '../../../calibration/midia/internet-margins.js';
import { marginWeights, modelShare, rakeInternet } from '../../../calibration/midia/rake-internet.js';
import {
  cellProbabilities, COUNT_CELLS, GRUPO_IDADE_TIC_DA_FAIXA, type InternetCoefficients,
} from '../../../src/population/internet-model.js';

const TRUE: InternetCoefficients = {
  idade: [2.5, 3, 2, 1.6, 0.8, -0.9], escolaridade: [-2.5, -0.6, 0.9, 1.8], renda: [-0.5, -0.2, 0.2, 0.6, 1, 1.2],
  situacao: [-0.6, 0], regiao: [-0.2, -0.3, 0.1, 0.05, 0.25],
};

function margin(eixo: keyof InternetCoefficients, indice: number, peso: InternetMargin['peso']): InternetMargin {
  return {
    id: `${eixo}/${indice}`, fonte: 'test', ano: 2020, eixo: eixo === 'situacao' ? 'situacao' : eixo, segmento: String(indice), publicado: 0,
    uso: 'ajuste', nivel: 'tic', coeficiente: { eixo, indice }, peso,
  };
}

describe('rakeInternet', () => {
  it('reproduces the target margins of a known model', () => {
    const rng = seedrandom('rake');
    const counts = new Float64Array(COUNT_CELLS);
    for (let k = 0; k < COUNT_CELLS; k++) counts[k] = rng() < 0.3 ? 0 : Math.floor(rng() * 1000);
    const margins: InternetMargin[] = [
      ...[0, 1, 2, 3, 4, 5].map((i) => margin('idade', i, (c) => (GRUPO_IDADE_TIC_DA_FAIXA[c.band] === i ? 1 : 0))),
      ...[0, 1, 2, 3].map((i) => margin('escolaridade', i, (c) => (c.escolaridade === i ? 1 : 0))),
      ...[0, 1, 2, 3, 4, 5].map((i) => margin('renda', i, (c) => (c.renda === i ? 1 : 0))),
      ...[0, 1].map((i) => margin('situacao', i, (c) => (c.urbano === i ? 1 : 0))),
      ...[0, 1, 2, 3, 4].map((i) => margin('regiao', i, (c) => (c.regiao === i ? 1 : 0))),
    ];
    const pTrue = cellProbabilities(TRUE);
    const targets = new Map(margins.map((m) => [m.id, { alvo: modelShare(counts, marginWeights(m), pTrue) }]));
    const fit = rakeInternet(counts, margins, targets);
    expect(fit.erro_maximo_ajuste).toBeLessThan(1e-8);
    const p = cellProbabilities(fit.coeficientes);
    for (const m of margins) expect(modelShare(counts, marginWeights(m), p)).toBeCloseTo(targets.get(m.id)!.alvo, 8);
    // A main-effects model is identified by its margins: the cell probabilities come back too.
    let worst = 0;
    for (let c = 0; c < pTrue.length; c++) worst = Math.max(worst, Math.abs(p[c] - pTrue[c]));
    expect(worst).toBeLessThan(1e-5);
  });
});
