// Test helpers: a small stand-in release (RR's real municipality codes and populations, no
// population build) and an analytic adoption curve as the calibration's injected model.
// Only for the unit tests of search, loss, identifiability and the runner; the recovery tests
// on the real simulation live in test/integration/calibration*.test.ts.

import type { CalibrationRequest, ModelParameters, Municipality, Release } from '../../../src/index.js';
import { calibrationRequest, type CalibrationRequestOverrides } from '../../fixtures/scenarios.js';
import { periodDays } from '../../../calibration/periods.js';
import { applyCandidate } from '../../../calibration/parameters.js';
import type { ModelFactory } from '../../../calibration/run.js';

const RR: Array<[string, string, number]> = [
  ['1400100', 'Boa Vista', 413486], ['1400027', 'Amajari', 13927], ['1400050', 'Alto Alegre', 20907],
  ['1400159', 'Bonfim', 13923], ['1400175', 'Cantá', 18799], ['1400209', 'Caracaraí', 22635],
  ['1400233', 'Caroebe', 10867], ['1400282', 'Iracema', 12464], ['1400308', 'Mucajaí', 17152],
  ['1400407', 'Normandia', 13609], ['1400456', 'Pacaraima', 19305], ['1400472', 'Rorainópolis', 30782],
];

const porteOf = (pop: number) => [5e3, 1e4, 2e4, 5e4, 1e5, 5e5].findIndex((lim) => pop <= lim) === -1 ? 6 : [5e3, 1e4, 2e4, 5e4, 1e5, 5e5].findIndex((lim) => pop <= lim);

export const PIX: ModelParameters = {
  beta0: -5, beta_expo: -1, logit_lancamento: -3, amortecimento_saturacao: 0.5, conversao_social: 1,
  gamma_celulas: 0, agrupamento: 'celula',
  pesos_canais: { domicilio: 1, turma: 1, estabelecimento: 1, vizinhanca: 1, digital: 1 },
  deslocamento_porte: [0, 0, 0, 0, 0, 0, 0],
};

export function stubRelease(): Release {
  const muns: Municipality[] = RR.map(([codigo, nome, populacao]) => ({
    codigo, nome, uf: 'RR', codigoUf: 14, regiao: 'Norte', lat: 2, lon: -60, areaKm2: 1000, populacao,
    porte: porteOf(populacao), capital: codigo === '1400100',
  }));
  return {
    version: 'v1.0.0',
    manifest: { parametros_pix: PIX, parametros_recepcao: PIX } as Release['manifest'],
    ufs: ['RR'],
    municipality: (c: string) => muns.find((m) => m.codigo === c),
    municipalities: () => muns,
    tracts: () => [],
    municipalityBoundary: () => { throw new Error('no boundary in the stub'); },
    weightingAreas: (c: string) => (c === '1400100' ? ['1400100001', '1400100002'] : []),
    tractPolygons: async () => ({ type: 'FeatureCollection', features: [] }),
    population: async () => { throw new Error('no population in the stub'); },
  };
}

/**
 * Adoption share by day t: s0 + (1 - s0) * (1 - exp(-r t)), s0 = sigmoid(logit_lancamento),
 * r = exp(beta0 + deslocamento_porte[porte]); persons = population x share. Only beta0,
 * logit_lancamento and deslocamento_porte act; beta0 and deslocamento_porte[s] act only
 * through their sum (an exactly unidentifiable pair).
 */
export function adoptionShare(p: ModelParameters, porte: number, day: number): number {
  if (day <= 0) return 0;
  const s0 = 1 / (1 + Math.exp(-p.logit_lancamento));
  const r = Math.exp(p.beta0 + p.deslocamento_porte[porte]);
  return s0 + (1 - s0) * (1 - Math.exp(-r * day));
}

/** The analytic model as the runner's injected model; `shift` lets a test change the curve after a day. */
export function analyticModel(opts: { after?: { day: number; beta0: number } } = {}): ModelFactory {
  return ({ pedido, release, series, dims }) => async (x) => {
    const { parametros } = applyCandidate(pedido, release.manifest.parametros_pix, dims, x);
    const out = new Float64Array(series.blocks.length * series.periods.length);
    series.blocks.forEach((b, i) => {
      const mun = release.municipality(b.municipio)!;
      const cum = (day: number) => {
        const p = opts.after && day > opts.after.day ? { ...parametros, beta0: opts.after.beta0 } : parametros;
        return mun.populacao * adoptionShare(p, mun.porte, day);
      };
      series.periods.forEach((code, j) => {
        const [d0, d1] = periodDays(code, series.granularidade, pedido.cenario.horizonte.data_inicio);
        out[i * series.periods.length + j] = series.medida === 'acumulado' ? cum(d1) : cum(d1) - cum(d0 - 1);
      });
    });
    return out;
  };
}

/** Monthly rows of the analytic model for the given parameters (Jan 2021 .. Dec 2021). */
export function analyticRows(
  p: ModelParameters,
  opts: { medida?: 'novos' | 'acumulado'; codes?: string[]; after?: { day: number; beta0: number } } = {},
): Array<Record<string, unknown>> {
  const release = stubRelease();
  const rows: Array<Record<string, unknown>> = [];
  for (const code of opts.codes ?? RR.map((r) => r[0])) {
    const mun = release.municipality(code)!;
    for (let m = 1; m <= 12; m++) {
      const periodo = 202100 + m;
      const [d0, d1] = periodDays(periodo, 'mes', '2021-01-01');
      const cum = (day: number) => {
        const q = opts.after && day > opts.after.day ? { ...p, beta0: opts.after.beta0 } : p;
        return mun.populacao * adoptionShare(q, mun.porte, day);
      };
      const valor = (opts.medida ?? 'acumulado') === 'acumulado' ? cum(d1) : cum(d1) - cum(d0 - 1);
      rows.push({ periodo, municipio: code, valor: Math.round(valor) });
    }
  }
  return rows;
}

/** The request the analytic tests calibrate (group calib-test): a grid over beta0 and logit_lancamento. */
export function request(over: CalibrationRequestOverrides = {}): CalibrationRequest {
  return calibrationRequest({
    parametros: { beta0: { min: -7, max: -3, passo: 0.5 }, logit_lancamento: { min: -5, max: -1, passo: 0.5 } },
    ...over,
    cenario: { grupo_comparacao: 'calib-test', ...over.cenario },
  });
}
