// The Pix case's time splits never read a month past their window: the fit (on a tiny budget) and
// the forecasts from the window's end (model and references) give the same numbers when every
// month after the window is changed, the profile fit's golden-section path too, and the ablation's
// saturating curve (pix-curve.ts). A split that read one would see the change.
import { afterAll, describe, expect, it } from 'vitest';
import { forecastSplit, PIX_HOLDOUT_LONGO, type SplitModel } from '../../calibration/pix/pix-case.js';
import {
  fitPix, PIX_DIMENSAO_RENDA_UF, PIX_FIT_DIMENSIONS, PIX_PERFIL_RENDA_UF, pixFitDimensions,
} from '../../calibration/pix/pix-fit.js';
import { fitActivity } from '../../calibration/pix/pix-activity.js';
import { censusCoverage } from '../../calibration/pix/pix-coverage.js';
import { curveAdopters, unseenCurveAdopters } from '../../calibration/pix/pix-curve.js';
import { loadCohorts } from '../../calibration/pix/pix-population.js';
import { loadPixSeries, seriesUpTo, type PixSeries } from '../../calibration/pix/pix-series.js';
import { closePool } from '../../src/pool/pool.js';
import { openRelease } from '../../src/release/release.js';
import type { ModelParameters, UfCode } from '../../src/release/types.js';

afterAll(() => closePool());

const fim = PIX_HOLDOUT_LONGO.janela_fim;
const real = loadPixSeries();
/** The series with every month after `fim` tripled (payers and keys). */
function tamperedAfter(s: PixSeries, last: number): PixSeries {
  const after = (v: Float64Array) => v.map((x, i) => (s.meses[i] > last ? 3 * x : x));
  return {
    ...s, pagadores: Object.fromEntries(s.ufs.map((u) => [u, after(s.pagadores[u])])) as Record<UfCode, Float64Array>,
    pagadoresUfs: after(s.pagadoresUfs), chavesPf: after(s.chavesPf),
  };
}
const tampered = tamperedAfter(real, fim);

describe('the long-horizon split', () => {
  it('cuts the series at its window', () => {
    const v = seriesUpTo(real, fim);
    expect(v.meses.at(-1)).toBe(fim);
    expect(v.pagadores.RR).toHaveLength(v.meses.length);
    expect(v.chavesPf).toHaveLength(v.meses.length);
    expect(tampered.pagadores.RR.at(-1)).toBe(3 * real.pagadores.RR.at(-1)!);
  });

  it('forecasts 2022 the same whatever 2022 holds (model, both ways, and the three references)', () => {
    // a made-up adopter curve: what matters is that only the window's observations are read
    const adopters = Object.fromEntries(real.ufs.map((u) => [u, Float64Array.from(real.meses, (_, j) => 1e5 * (1 + j))]));
    const m: SplitModel = {
      adopters, meses: real.meses, activity: { a_lancamento: 0.3, a_1: 0.5, b: 0.05, ajuste: { inicio: 202011, fim }, rmse: 0 },
      cobertura: censusCoverage(), populacao: Object.fromEntries(real.ufs.map((u) => [u, new Float64Array(real.meses.length).fill(1)])),
      elegiveis: Object.fromEntries(real.ufs.map((u) => [u, 1e7])),
    };
    for (const metodo of ['fator_local', 'assimilacao'] as const) {
      const a = forecastSplit(real, fim, m, metodo), b = forecastSplit(tampered, fim, m, metodo);
      for (const u of real.ufs) {
        for (const k of ['pagadores', 'persistencia', 'bass', 'tendencia_log'] as const) expect(Array.from(b[u]![k]), `${u} ${k}`).toEqual(Array.from(a[u]![k]));
      }
    }
    // and a change inside the window does move it (the comparison can fail)
    const inside = tamperedAfter(real, fim - 1);
    expect(Array.from(forecastSplit(inside, fim, m, 'assimilacao').RR!.pagadores)).not.toEqual(Array.from(forecastSplit(real, fim, m, 'assimilacao').RR!.pagadores));
  });

  it('fits the same whatever 2022 holds (RR, a 1:16 sample, 4 rounds)', async () => {
    const release = openRelease('v1.0.0');
    const base: ModelParameters = {
      ...release.manifest.parametros_pix, idade_minima_adocao: 15,
      pesos_escore: { escolaridade: 1, renda: 0.3, internet: 0.8, idade: 0.2 }, padronizacao_celulas: { media: 2, dp: 1.5 },
    };
    const n = (await release.population(['RR'])).nPersons;
    const fitRr = (series: PixSeries) => fitPix({
      release, series, base, cobertura: censusCoverage(), coortes: loadCohorts().ufs, janelaFim: fim, ufs: ['RR'],
      amostraPessoas: Math.round(n / 16), maxAvaliacoes: 4, livres: [PIX_FIT_DIMENSIONS[0].nome], threads: 2,
    });
    const [a, b] = [await fitRr(real), await fitRr(tampered)];
    expect(b.activity).toEqual(a.activity);
    expect(b.avaliacoes).toEqual(a.avaliacoes);
    expect(a.activity.ajuste.fim).toBe(fim);
  }, 240_000);

  it('profiles the same whatever 2022 holds, moving only the timing by the UF\'s income (RR and AP, 1:16, 3 golden-section rounds, the worst UF\'s shape)', async () => {
    const release = openRelease('v1.0.0');
    const base: ModelParameters = {
      ...release.manifest.parametros_pix, idade_minima_adocao: 15,
      pesos_escore: { escolaridade: 1, renda: 0.3, internet: 0.8, idade: 0.2 }, padronizacao_celulas: { media: 2, dp: 1.5 },
    };
    const n = (await release.population(['AP'])).nPersons;
    const inicio = [...pixFitDimensions(false, true).map((d) => d.inicio)];
    inicio[0] = -6.5; // not the hand-set start: the profile must hold it
    const profile = (series: PixSeries) => fitPix({
      release, series, base, cobertura: censusCoverage(), coortes: loadCohorts().ufs, janelaFim: fim, ufs: ['RR', 'AP'],
      amostraPessoas: Math.round(n / 16), maxAvaliacoes: 3, inicio, rendaUf: true, livres: [PIX_DIMENSAO_RENDA_UF.nome],
      secaoAurea: PIX_PERFIL_RENDA_UF, perda: 'forma', agregado: 'pior', threads: 2,
    });
    const [a, b] = [await profile(real), await profile(tampered)];
    expect(b.avaliacoes).toEqual(a.avaliacoes);
    expect(a.avaliacoes.map((e) => e.x.at(-1))).toEqual([0, expect.closeTo(-0.236, 3), expect.closeTo(0.236, 3)]);
    for (const e of a.avaliacoes) expect(e.x.slice(0, -1)).toEqual(inicio.slice(0, -1));
    // RR's and AP's incomes differ from the country's, so s moves the worst loss (the comparison can fail)
    expect(new Set(a.avaliacoes.map((e) => e.loss)).size).toBe(3);
  }, 240_000);
});

describe('the ablation\'s saturating curve (comparacoes.curva_saturante)', () => {
  // the curve reads the window's payers through a(t), coverage and the eligible factor: all given
  const activity = fitActivity(seriesUpTo(real, fim), fim, 'logit_log');
  const input = (series: PixSeries) => ({
    series, janelaFim: fim, meses: real.meses, activity, cobertura: censusCoverage(),
    populacao: Object.fromEntries(real.ufs.map((u) => [u, new Float64Array(real.meses.length).fill(1)])),
  });
  const elegiveis = Object.fromEntries(real.ufs.map((u) => [u, 1e6 * (1 + u.charCodeAt(0) % 7)]));
  const vistas: UfCode[] = ['RR', 'AP', 'SP', 'BA'], novas: UfCode[] = ['AC', 'SC'];

  it('is the same whatever 2022 holds, per UF and for the unseen UFs', () => {
    const a = curveAdopters(input(real), ['RR', 'SP']), b = curveAdopters(input(tampered), ['RR', 'SP']);
    for (const u of ['RR', 'SP'] as const) expect(Array.from(b[u]!), u).toEqual(Array.from(a[u]!));
    const c = unseenCurveAdopters(input(real), vistas, novas, elegiveis), d = unseenCurveAdopters(input(tampered), vistas, novas, elegiveis);
    for (const u of novas) expect(Array.from(d[u]!), u).toEqual(Array.from(c[u]!));
    // read at every month, 2022 too, and saturating: it rises ever more slowly
    expect(a.RR).toHaveLength(real.meses.length);
    const g = Array.from(a.SP!, (v, j) => (j ? v - a.SP![j - 1] : 0)).slice(-12);
    expect(g.at(-1)!).toBeLessThan(g[0]);
  });

  it('moves when a month inside the window changes (the comparison can fail)', () => {
    const inside = tamperedAfter(real, fim - 1);
    expect(Array.from(curveAdopters(input(inside), ['RR']).RR!)).not.toEqual(Array.from(curveAdopters(input(real), ['RR']).RR!));
    expect(Array.from(unseenCurveAdopters(input(inside), vistas, novas, elegiveis).AC!))
      .not.toEqual(Array.from(unseenCurveAdopters(input(real), vistas, novas, elegiveis).AC!));
  });
});
