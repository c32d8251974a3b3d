// The macro-region index of each UF comes from the release data (estados.csv) in the fixed order
// of MACRO_REGIOES: the propensity cells (axis regiao) and deslocamento_regiao read it, so the
// order is pinned here against IBGE's grouping.
import { describe, expect, it } from 'vitest';
import { macroRegionOf } from '../../../src/release/data-files.js';
import { MACRO_REGIOES, UF_CODES } from '../../../src/release/types.js';

const IBGE: Record<(typeof MACRO_REGIOES)[number], string[]> = {
  Norte: ['AC', 'AM', 'AP', 'PA', 'RO', 'RR', 'TO'],
  Nordeste: ['AL', 'BA', 'CE', 'MA', 'PB', 'PE', 'PI', 'RN', 'SE'],
  Sudeste: ['ES', 'MG', 'RJ', 'SP'],
  Sul: ['PR', 'RS', 'SC'],
  'Centro-Oeste': ['DF', 'GO', 'MS', 'MT'],
};

describe('macro-regions', () => {
  it('keeps the order Norte, Nordeste, Sudeste, Sul, Centro-Oeste', () => {
    expect(MACRO_REGIOES).toEqual(['Norte', 'Nordeste', 'Sudeste', 'Sul', 'Centro-Oeste']);
  });

  it('gives every UF the index of its IBGE macro-region', () => {
    const got = Object.fromEntries(UF_CODES.map((uf) => [uf, macroRegionOf(uf)]));
    const want = Object.fromEntries(MACRO_REGIOES.flatMap((r, k) => IBGE[r].map((uf) => [uf, k])));
    expect(got).toEqual(want);
  });
});
