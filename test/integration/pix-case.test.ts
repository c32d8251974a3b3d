// The published Pix case of the newest release: its fields, its verdict's consistency with the
// release's label, and its forecast reproduced bit for bit from the release (RR: the whole
// forecast horizon, 2020-11 .. 2026-12, with the release's parameters, the case's activity, RR's
// coverage and RR's local factor).
import { afterAll, describe, expect, it } from 'vitest';
import { PIX_UFS_ESPACIAIS } from '../../calibration/pix/pix-case.js';
import { censusCoverage } from '../../calibration/pix/pix-coverage.js';
import { applyLocalFactor } from '../../calibration/pix/pix-local-factor.js';
import { predictPayers, simulatePixAdopters } from '../../calibration/pix/pix-model.js';
import { periodsBetween } from '../../calibration/periods.js';
import { closePool } from '../../src/pool/pool.js';
import { readPixCase } from '../../src/release/pix-case-file.js';
import { newestRelease, openRelease } from '../../src/release/release.js';
import { UF_CODES } from '../../src/release/types.js';

afterAll(() => closePool());

// The newest release carries the fit of the release whose population it ran on (its case file).
const newest = openRelease(newestRelease());
const release = openRelease(newest.manifest.calibracao_pix!.release);
const caso = readPixCase(release.version);

describe(`the Pix case of ${release.version}`, () => {
  it('exists, and the release labels its parameters by its verdict', () => {
    expect(caso).not.toBeNull();
    expect(release.manifest.parametros_pix).toEqual(caso!.ajuste.parametros);
    expect(release.manifest.calibracao_pix).toEqual({ caso: 'pix', release: release.version, metodo: caso!.ajuste.busca.metodo, veredito: caso!.agregados.veredito });
    expect(newest.manifest.parametros_pix).toEqual(release.manifest.parametros_pix);
    expect(newest.manifest.calibracao_pix).toEqual(release.manifest.calibracao_pix);
  });

  it('records the coverage of its observation model, as the data give it', () => {
    expect(caso!.ajuste.observacao.cobertura).toEqual(censusCoverage());
  });

  it('has the library fields, a verdict per UF and a forecast row per UF and month', () => {
    const c = caso!;
    expect(c).toMatchObject({ id: 'pix', release: release.version, janela: { inicio: 202011, fim: 202212 }, holdout: { inicio: 202207, fim: 202212 } });
    expect(c.holdout_espacial.ufs).toEqual([...PIX_UFS_ESPACIAIS]);
    expect(c.fonte.credito).toContain('Banco Central do Brasil');
    expect(typeof c.metodo).toBe('string');
    expect(c.aviso.length).toBeGreaterThan(50);
    expect(Number.isInteger(c.vale_ate_dia)).toBe(true);
    expect(c.ufs.map((u) => u.uf).sort()).toEqual([...UF_CODES].sort());
    expect(c.resumo.passou + c.resumo.reprovado_declarado + c.resumo.nao_pontuado).toBe(27);
    for (const u of c.ufs) {
      expect(['passou', 'reprovado_declarado', 'nao_pontuado']).toContain(u.veredito);
      expect(u.veredito === 'passou').toBe(u.reprovacoes.length === 0);
      for (const r of u.reprovacoes) expect(Object.keys(r).sort()).toEqual(['limite', 'periodo', 'teste', 'valor']);
      for (const r of u.reprovacoes) expect(Object.keys(c.testes)).toContain(r.teste);
    }
    const meses = periodsBetween(202011, 202612, 'mes');
    expect(c.previsao).toHaveLength(27 * meses.length);
    for (const row of c.previsao) {
      expect(Number.isInteger(row.pagadores)).toBe(true);
      expect(row.pagadores).toBeGreaterThan(0);
    }
    if (c.agregados.veredito === 'aprovada') expect(c.resumo.passou).toBeGreaterThanOrEqual(20);
  });

  it('its forecast is reproducible bit for bit from the release (RR)', async () => {
    const c = caso!;
    const meses = periodsBetween(202011, 202612, 'mes');
    const ad = await simulatePixAdopters(release.manifest.parametros_pix, {
      release, ufs: ['RR'], meses, amostra: () => c.ajuste.amostra_final, threads: 2,
    });
    const k = c.ufs.find((u) => u.uf === 'RR')!.metricas.fator_local;
    const pay = applyLocalFactor(predictPayers(ad.RR!, meses, c.ajuste.observacao.atividade, c.ajuste.observacao.cobertura?.RR ?? 1), k);
    const published = c.previsao.filter((r) => r.uf === 'RR');
    expect(published.map((r) => r.periodo)).toEqual(meses);
    expect(published.map((r) => r.pagadores)).toEqual(Array.from(pay, (x) => Math.round(x)));
  }, 120_000);
});
