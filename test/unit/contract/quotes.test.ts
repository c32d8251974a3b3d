// Quotes computed by hand (spec quote tables; DESIGN 4).
import { describe, expect, it } from 'vitest';
import { priceMicros, quoteSimulation } from '../../../src/contract/quotes.js';
import { validateScenario } from '../../../src/contract/validate-scenario.js';
import type { Scenario } from '../../../src/contract/types.js';
import { fixture, handRelease, release } from './helpers.js';

const v7 = (s: Record<string, any>): Scenario => ({ ...s, release: 'v7.0.0' }) as Scenario;

describe('quoteSimulation', () => {
  const hand = handRelease({ rate: 0.0003, throughput: 1000 });

  it('one channel: 1 variant; pessoa_dias = population x dias x variantes x replicas', () => {
    const s = v7(fixture('valid-recepcao-min')); // RR (1000 + 234), 28 days, 1 channel, 2 replicas
    const q = quoteSimulation(validateScenario(s, hand), hand);
    // 1234 x 28 x 1 x 2 = 69104; x 0.0003 = 20.7312 -> 21; 69104 / 1000 / 60 = 1.15 -> 2 minutes
    // a hand-made release has no exposure propensities: its GRPs are withheld, with the reason
    expect(q).toEqual({
      release: 'v7.0.0', ufs: ['RR'], dias: 28, variantes: 1, replicas: 2, pessoa_dias: 69104, preco_micros: 21, minutos_estimados: 2,
      plano_grp: { motivo: expect.stringMatching(/sem propensões de exposição/) },
    });
  });

  it('states the GRPs each channel period buys on a release with exposure propensities (extension plano_grp)', () => {
    const s: Record<string, any> = { ...fixture('valid-recepcao-min'), release: 'v2.0.0' };
    const q = quoteSimulation(validateScenario(s));
    if (!q.plano_grp || 'motivo' in q.plano_grp) throw new Error('no plano_grp');
    expect(q.plano_grp.periodos).toHaveLength(s.canais.length);
    for (const p of q.plano_grp.periodos) expect(p.grp).toBeGreaterThan(0);
    expect(q.plano_grp.semanas).toHaveLength(4 * new Set(s.canais.map((c: { canal: string }) => c.canal)).size);
  });

  it('k >= 2 channels: 1 + 2k variants (channels counted once however many periods)', () => {
    const s = v7({ ...fixture('valid-recepcao-min'), geografia: { ufs: ['RR', 'AC'] }, replicas: 3 });
    s.canais = [
      { canal: 'digital', dia_inicio: 1, dia_fim: 7, intensidade: 0.5 },
      { canal: 'tv', dia_inicio: 1, dia_fim: 7, intensidade: 0.5 },
      { canal: 'digital', dia_inicio: 8, dia_fim: 14, intensidade: 0.5 },
      { canal: 'radio', dia_inicio: 1, dia_fim: 28, intensidade: 0.1 },
    ];
    const q = quoteSimulation(validateScenario(s, hand), hand);
    // (1234 + 5000) x 28 x 7 x 3 = 3,665,592; x 0.0003 = 1099.6776 -> 1100; / 1000 / 60 = 61.09 -> 62
    expect(q).toMatchObject({ ufs: ['RR', 'AC'], variantes: 7, replicas: 3, pessoa_dias: 3_665_592, preco_micros: 1100, minutos_estimados: 62 });
  });

  it('an exact product of the rate is not rounded up (decimal arithmetic, no float residue)', () => {
    expect(priceMicros(1000, 0.0002)).toBe(1); // 1000 x 0.0002 would be 0.2000000000000000111 in floats
    expect(priceMicros(5000, 0.0002)).toBe(1);
    expect(priceMicros(5001, 0.0002)).toBe(2);
    expect(priceMicros(3, 0.1)).toBe(1);
    expect(priceMicros(30, 0.1)).toBe(3); // 30 x 0.1 = 3.0000000000000004 in floats
    expect(priceMicros(7, 2)).toBe(14);
    expect(priceMicros(1, 1e-7)).toBe(1);
    expect(priceMicros(0, 0.5)).toBe(0);
  });

  it('on the real release: RR is its Census 2022 total (636,707 persons)', () => {
    const s = validateScenario(fixture('valid-recepcao')); // RR, 28 days, digital + tv = 5 variants, 2 replicas
    const q = quoteSimulation(s);
    expect(q.pessoa_dias).toBe(636_707 * 28 * 5 * 2);
    expect(q.preco_micros).toBe(priceMicros(q.pessoa_dias, release.manifest.preco_micros_por_pessoa_dia));
    expect(q.minutos_estimados).toBe(Math.ceil(q.pessoa_dias / release.manifest.pessoa_dias_por_segundo / 60));
    expect(Number.isInteger(q.minutos_estimados) && q.minutos_estimados! >= 0).toBe(true);
  });
});
