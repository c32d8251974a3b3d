// The published Pix case of the newest release: its fields, its verdict's consistency with the
// release's label, and its forecasts reproduced bit for bit from the release (RR: the whole
// forecast horizon, 2020-11 .. 2026-12, with the release's parameters, the case's activity, RR's
// coverage, cohorts and eligible persons, the way of leaving the window the case chose, and the
// observed series up to 2022-12; and previsao_municipios for RR's municipalities, each re-scaled
// by its own sampled persons and weighted by the case's municipal term).
import { afterAll, describe, expect, it } from 'vitest';
import { eligiblePersons, forecastSplit, municipalForecast, PIX_DEZEMBROS, PIX_JANELA, PIX_UFS_ESPACIAIS } from '../../calibration/pix/pix-case.js';
import { censusCoverage } from '../../calibration/pix/pix-coverage.js';
import { rescaleToMunicipalPersons, simulatePixAdopters, type AdoptersByMunicipality } from '../../calibration/pix/pix-model.js';
import { eligibleFactors, loadCohorts } from '../../calibration/pix/pix-population.js';
import { loadPixSeries } from '../../calibration/pix/pix-series.js';
import { periodsBetween } from '../../calibration/periods.js';
import { closePool } from '../../src/pool/pool.js';
import { readPixCase } from '../../src/release/pix-case-file.js';
import { newestRelease, openRelease } from '../../src/release/release.js';
import { UF_CODES, type UfCode } from '../../src/release/types.js';

afterAll(() => closePool());

// The newest release carries the fit of the release whose population it ran on (its case file).
const newest = openRelease(newestRelease());
const release = openRelease(newest.manifest.calibracao_pix!.release);
const caso = readPixCase(release.version);

describe(`the Pix case of ${release.version}`, () => {
  it('exists, and the release labels its parameters by its verdict', () => {
    expect(caso).not.toBeNull();
    expect(release.manifest.parametros_pix).toEqual(caso!.ajuste.parametros);
    expect(release.manifest.calibracao_pix).toMatchObject({ caso: 'pix', release: release.version, metodo: caso!.ajuste.busca.metodo, veredito_do_caso: caso!.agregados.veredito });
    // A case made under the battery in force keeps its own verdict.
    expect(release.manifest.calibracao_pix!.veredito).toBe(caso!.agregados.veredito);
    expect(newest.manifest.parametros_pix).toEqual(release.manifest.parametros_pix);
    expect(newest.manifest.calibracao_pix).toEqual(release.manifest.calibracao_pix);
  });

  it('records the coverage and the cohorts of its observation model, as the data give them', () => {
    expect(caso!.ajuste.observacao.cobertura).toEqual(censusCoverage());
    expect(caso!.ajuste.observacao.coortes).toEqual(loadCohorts().ufs);
  });

  it('has the library fields, a verdict per UF, both time splits against the three references, and the forecasts', () => {
    const c = caso!;
    expect(c).toMatchObject({ id: 'pix', release: release.version, janela: { inicio: 202011, fim: 202212 }, holdout: { inicio: 202207, fim: 202212 } });
    expect(c.holdout_longo).toEqual({ janela_fim: 202112, inicio: 202201, fim: 202212 });
    expect(c.holdout_espacial.ufs).toEqual([...PIX_UFS_ESPACIAIS]);
    expect(c.fonte.credito).toContain('Banco Central do Brasil');
    expect(c.aviso).toContain('previsao_sem_estimativas');
    expect(Number.isInteger(c.vale_ate_dia)).toBe(true);
    expect(c.ufs.map((u) => u.uf).sort()).toEqual([...UF_CODES].sort());
    expect(c.resumo.passou + c.resumo.reprovado_declarado + c.resumo.nao_pontuado).toBe(27);
    for (const u of c.ufs) {
      expect(['passou', 'reprovado_declarado', 'nao_pontuado']).toContain(u.veredito);
      expect(u.veredito === 'passou').toBe(u.reprovacoes.length === 0);
      for (const r of u.reprovacoes) expect(Object.keys(r).sort()).toEqual(['limite', 'periodo', 'teste', 'valor']);
      for (const r of u.reprovacoes) expect(Object.keys(c.testes)).toContain(r.teste);
      expect(u.metricas.mape_tendencia_log).toBeGreaterThan(0);
      expect(Object.keys(u.metricas.longo!).sort()).toEqual(['mape', 'mape_bass', 'mape_persistencia', 'mape_tendencia_log']);
    }
    const better = c.ufs.filter((u) => u.metricas.mape_holdout < Math.min(u.metricas.mape_persistencia, u.metricas.mape_bass, u.metricas.mape_tendencia_log!));
    expect(c.agregados.ufs_melhores_que_as_tres_referencias).toBe(better.length);
    const meses = periodsBetween(202011, 202612, 'mes');
    for (const rows of [c.previsao, c.previsao_sem_estimativas!]) {
      expect(rows).toHaveLength(27 * meses.length);
      for (const row of rows) {
        expect(Number.isInteger(row.pagadores)).toBe(true);
        expect(row.pagadores).toBeGreaterThan(0);
      }
    }
    const municipios = new Set(c.previsao_municipios!.map((r) => r.municipio));
    expect(municipios.size).toBe(5570);
    expect(c.previsao_municipios).toHaveLength(5570 * PIX_DEZEMBROS.length);
    expect([...new Set(c.previsao_municipios!.map((r) => r.periodo))]).toEqual([...PIX_DEZEMBROS]);
  });

  it('its forecasts are reproducible bit for bit from the release (RR, and RR\'s municipalities)', async () => {
    const c = caso!;
    const uf: UfCode = 'RR';
    const meses = periodsBetween(PIX_JANELA.inicio, 202612, 'mes');
    const porMunicipio: AdoptersByMunicipality = new Map();
    const ad = await simulatePixAdopters(release.manifest.parametros_pix, {
      release, ufs: [uf], meses, amostra: () => c.ajuste.amostra_final, threads: 2, porMunicipio,
    });
    const o = c.ajuste.observacao;
    const pop = await release.population([uf]);
    expect(eligiblePersons(pop)).toBe(o.elegiveis![uf]);
    const series = loadPixSeries();
    const only = { ...series, ufs: [uf] };
    const forecast = (semEstimativas: boolean) => forecastSplit(only, PIX_JANELA.fim, {
      adopters: ad, meses, activity: o.atividade, cobertura: o.cobertura!,
      populacao: { [uf]: eligibleFactors(o.coortes![uf], meses, semEstimativas) }, elegiveis: o.elegiveis!,
    }, o.metodo_previsao!);
    const rows = (f: ReturnType<typeof forecast>) => Array.from(f[uf]!.pagadores, (x) => Math.round(x));
    const published = c.previsao.filter((r) => r.uf === uf);
    expect(published.map((r) => r.periodo)).toEqual(meses);
    const com = forecast(false);
    expect(published.map((r) => r.pagadores)).toEqual(rows(com));
    expect(c.previsao_sem_estimativas!.filter((r) => r.uf === uf).map((r) => r.pagadores)).toEqual(rows(forecast(true)));
    const ufOf = new Map(release.municipalities(uf).map((m) => [m.codigo, uf] as const));
    await rescaleToMunicipalPersons(porMunicipio, release, [uf], () => c.ajuste.amostra_final);
    const mine = municipalForecast(com, meses, porMunicipio, ufOf, loadCohorts(), { cobertura: o.cobertura!, atividade: o.atividade }, o.termo_municipal);
    expect(c.previsao_municipios!.filter((r) => ufOf.has(r.municipio))).toEqual(mine);
  }, 180_000);
});
