// The PBM's daily internet use by schooling (midia case edition 2) against a hand computation: one
// logit shift takes the PBM total (37%) to the model's daily use of persons 15+, and each published
// value is compared after that shift with its schooling level's mean.
import { describe, expect, it } from 'vitest';
import { mediaFigures } from '../../../calibration/midia/media-margins.js';
import type { MidiaPopulation } from '../../../calibration/midia/midia-case.js';

const logit = (p: number) => Math.log(p / (1 - p));
const expit = (x: number) => 1 / (1 + Math.exp(-x));

// 100 + 50 + 150 + 200 persons 15+: mean daily internet (60 + 40 + 135 + 190) / 500 = 0.85.
const pop: MidiaPopulation = {
  release: 'fixture', margens: [], ufs: [],
  escolaridade_15mais: [
    { segmento: 'fundamental_incompleto', pessoas: 100, internet_diaria: 0.6 },
    { segmento: 'fundamental_completo', pessoas: 50, internet_diaria: 0.8 },
    { segmento: 'medio_completo', pessoas: 150, internet_diaria: 0.9 },
    { segmento: 'superior_completo', pessoas: 200, internet_diaria: 0.95 },
  ],
};

describe('mediaFigures', () => {
  it('edition 1 has no schooling figure; edition 2 adds the PBM two, held out', () => {
    expect(mediaFigures(1).filter((f) => f.eixo === 'escolaridade')).toEqual([]);
    const f = mediaFigures(2).filter((x) => x.eixo === 'escolaridade');
    expect(f.map((x) => [x.publicado, x.uso])).toEqual([[72, 'fora_da_amostra'], [5, 'fora_da_amostra']]);
  });

  it('shifts the PBM schooling figures by the total to the model level', () => {
    const d = logit(0.85) - logit(0.37);
    const [sup, ate4] = mediaFigures(2).filter((x) => x.eixo === 'escolaridade');
    expect(sup.modelo(pop)).toBeCloseTo(95, 10);
    expect(ate4.modelo(pop)).toBeCloseTo(60, 10);
    expect(sup.comparado!(pop).deslocamento).toBeCloseTo(d, 12);
    expect(sup.comparado!(pop).valor).toBeCloseTo(100 * expit(logit(0.72) + d), 10);
    expect(ate4.comparado!(pop).valor).toBeCloseTo(100 * expit(logit(0.05) + d), 10);
  });
});
