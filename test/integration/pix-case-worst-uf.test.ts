// v1.9.0's Pix case is the profile fit of the timing by the UF's income aimed at the worst UF
// (bench:pix --perfil-inclinacao-renda-uf v1.8.0 --perda forma --agregado pior; docs/model.md,
// "The profile fit aimed at the worst UF"): each of its three fits holds every other coordinate at
// v1.8.0's best point of the same fit and moves only that term, and the release's parameters are
// its release fit's best point. Older cases read as the mean aggregate.
import { describe, expect, it } from 'vitest';
import { PIX_DIMENSAO_RENDA_UF, PIX_PERFIL_RENDA_UF } from '../../calibration/pix/pix-fit.js';
import { readPixCase } from '../../src/release/pix-case-file.js';

const antes = readPixCase('v1.8.0')!;
const caso = readPixCase('v1.9.0')!;

describe('the Pix case of v1.9.0', () => {
  it('says how it was fitted: the worst UF of the in-sample reading, one more dimension', () => {
    const b = caso.ajuste.busca;
    expect(b.agregado).toBe('pior');
    expect(b.perda).toBe('forma');
    expect(b.dimensoes).toEqual([...antes.ajuste.busca.dimensoes, PIX_DIMENSAO_RENDA_UF.nome]);
    expect(antes.ajuste.busca.agregado).toBeUndefined();
  });

  it.each(['juiz', 'longo', 'release'] as const)('moves only the timing by the UF\'s income from v1.8.0\'s best point of the %s fit', (ajuste) => {
    const deles = antes.ajuste.historico.filter((h) => h.ajuste === ajuste);
    const inicio = deles.reduce((a, h) => (h.perda < a.perda ? h : a)).x;
    const nossos = caso.ajuste.historico.filter((h) => h.ajuste === ajuste);
    expect(nossos).toHaveLength(PIX_PERFIL_RENDA_UF.avaliacoes);
    expect(nossos[0].x).toEqual([...inicio, 0]);
    for (const h of nossos) {
      expect(h.x.slice(0, -1)).toEqual(inicio);
      expect(h.x.at(-1)).toBeGreaterThanOrEqual(PIX_PERFIL_RENDA_UF.de);
      expect(h.x.at(-1)).toBeLessThanOrEqual(PIX_PERFIL_RENDA_UF.ate);
    }
    const melhor = Math.min(...nossos.map((h) => h.perda));
    expect(melhor).toBeLessThanOrEqual(nossos[0].perda);
    expect(caso.ajuste.busca[ajuste === 'juiz' ? 'perda_juiz' : ajuste === 'longo' ? 'perda_longo' : 'perda_release']).toBe(melhor);
  });

  it('publishes the release fit\'s best point', () => {
    const rel = caso.ajuste.historico.filter((h) => h.ajuste === 'release');
    const melhor = rel.reduce((a, h) => (h.perda < a.perda ? h : a));
    expect(caso.ajuste.parametros.inclinacao_renda_uf_lancamento).toBe(melhor.x.at(-1));
    const { inclinacao_renda_uf_lancamento, ...outros } = caso.ajuste.parametros;
    const { inclinacao_renda_uf_lancamento: deles, ...outrosAntes } = antes.ajuste.parametros;
    expect(deles ?? 0).toBe(0);
    expect(outros).toEqual(outrosAntes);
  });
});
