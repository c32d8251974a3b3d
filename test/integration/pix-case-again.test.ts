// v1.8.0's Pix case judges v1.7.0's published fits again (bench:pix --ajustes-do-caso v1.7.0,
// calibration/pix/pix-case-fits.ts) on the same persons: every fitted number, score and UF
// forecast is v1.7.0's, and what differs is the municipal term (a power of the model's share per
// size class) and what it moves: the municipal scores and previsao_municipios.
import { describe, expect, it } from 'vitest';
import { readPixCase } from '../../src/release/pix-case-file.js';

const antes = readPixCase('v1.7.0')!;
const caso = readPixCase('v1.8.0')!;

describe('the Pix case of v1.8.0', () => {
  it('says whose fits it judged, and they are those fits', () => {
    const { ajustes_do_caso, perda, ...busca } = caso.ajuste.busca;
    expect(ajustes_do_caso).toBe('v1.7.0');
    expect(caso.aviso).toContain('Os três ajustes são os do caso de v1.7.0');
    expect(perda).toBe('mape');
    expect(busca).toEqual(antes.ajuste.busca);
    expect(caso.ajuste.historico).toEqual(antes.ajuste.historico);
    expect(caso.ajuste.parametros).toEqual(antes.ajuste.parametros);
    const { termo_municipal, ...observacao } = caso.ajuste.observacao;
    const { termo_municipal: termoAntes, ...observacaoAntes } = antes.ajuste.observacao;
    expect(observacao).toEqual(observacaoAntes);
    expect(termoAntes!.expoente_modelo).toBeUndefined();
    expect(termo_municipal!.expoente_modelo).toHaveLength(7);
  });

  it('scores every UF and forecasts every UF as v1.7.0 did', () => {
    expect(caso.ufs).toEqual(antes.ufs);
    expect(caso.previsao).toEqual(antes.previsao);
    expect(caso.previsao_sem_estimativas).toEqual(antes.previsao_sem_estimativas);
    expect(caso.comparacoes).toEqual(antes.comparacoes);
    const { spearman_municipios, ...agregados } = caso.agregados;
    const { spearman_municipios: spearmanAntes, ...agregadosAntes } = antes.agregados;
    expect(agregados).toEqual(agregadosAntes);
    expect(spearman_municipios).toBeGreaterThan(spearmanAntes!);
  });

  it('moves payers between a UF\'s municipalities, never its total', () => {
    const total = (rows: typeof caso.previsao_municipios) => rows!.reduce((a, r) => a + r.pagadores, 0);
    const rr = (c: typeof caso) => c.previsao_municipios!.filter((r) => r.municipio.startsWith('14') && r.periodo === 202612);
    expect(Math.abs(total(rr(caso)) - total(rr(antes)))).toBeLessThanOrEqual(rr(caso).length);
    expect(rr(caso)).not.toEqual(rr(antes));
  });
});
