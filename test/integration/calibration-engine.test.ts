// The engine as calibration runs it (calibration/engine.ts): only the plano variant, and the
// cumulative series per unit and day, which must agree with the weekly series of the same run.
import { afterAll, describe, expect, it } from 'vitest';
import { engineSimulate } from '../../calibration/engine.js';
import { adoptionScenario } from '../fixtures/scenarios.js';
import { closePool } from '../../src/pool/pool.js';
import { openRelease } from '../../src/release/release.js';

const release = openRelease('v1.0.0');
afterAll(async () => { await closePool(); });

describe('engine for calibration rounds', () => {
  it('returns plano only, with a daily series whose week ends equal the weekly series', async () => {
    const scenario = adoptionScenario({
      lancamento: { dia: 3, cenario_base: 'pix' }, horizonte: { data_inicio: '2021-01-01', dias: 30 }, grupo_comparacao: 'engine-diario',
    });
    const out = await engineSimulate(scenario, { release, threads: 2, parametros: { ...release.manifest.parametros_pix, beta0: Math.log(0.01) } });
    expect(Object.keys(out.variantes)).toEqual(['plano']);
    for (const r of out.variantes.plano) {
      const D = 30, W = r.semanas, M = r.medidas.length;
      expect(r.serieDiaria).toBeDefined();
      const daily = r.serieDiaria!;
      expect(daily.length).toBe(r.unidades.length * D * M);
      for (let u = 0; u < r.unidades.length; u++) {
        for (let d = 1; d < D; d++) expect(daily[(u * D + d) * M]).toBeGreaterThanOrEqual(daily[(u * D + d - 1) * M]);
        for (let w = 0; w < W; w++) {
          const lastDay = Math.min(7 * (w + 1), D);
          expect(daily[(u * D + lastDay - 1) * M]).toBe(r.serie[(u * W + w) * M]);
        }
        // nobody adopts before the launch day (3)
        expect(daily[(u * D + 1) * M]).toBe(0);
      }
      expect(daily.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    }
  });
});
