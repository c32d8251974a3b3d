// The calibration quote computed by hand (spec "Quote for a calibration"; DESIGN 4).
import { describe, expect, it } from 'vitest';
import { quoteCalibration } from '../../../calibration/quote.js';
import { validateCalibrationRequest } from '../../../calibration/validate-request.js';
import { priceMicros } from '../../../src/contract/quotes.js';
import { fixture, handRelease, release } from '../contract/helpers.js';

describe('quoteCalibration', () => {
  it('grid: rounds = product of grid sizes + 2 per free dimension + 1; days to the end of the holdout', () => {
    const body = validateCalibrationRequest(fixture('valid-calibracao'));
    const q = quoteCalibration(body);
    // beta0 -7..-5 by 1 (3 values) x beta_expo -2..0 by 1 (3 values) = 9 candidates; 2 free -> 9 + 4 + 1 = 14
    // 2024-01-01 .. 2024-09-30 = 274 days (2024 is a leap year); busca.replicas 2
    expect(q).toMatchObject({ release: 'v1.0.0', ufs: ['RR'], dias: 274, rodadas: 14, replicas: 2 });
    expect(q.pessoa_dias).toBe(636_707 * 274 * 2 * 14);
    expect(q.preco_micros).toBe(priceMicros(q.pessoa_dias, release.manifest.preco_micros_por_pessoa_dia));
  });

  it('random search: candidatos + 2 per dimension (one per listed layer, one per size stratum present) + 1', () => {
    const body = validateCalibrationRequest(fixture('valid-calibracao-aleatoria'));
    const q = quoteCalibration(body);
    const strata = new Set(release.municipalities('RR').map((m) => m.porte)).size;
    // beta0 (1) + pesos_canais[domicilio, digital] (2) + deslocamento_porte per stratum of RR
    expect(q.rodadas).toBe(50 + 2 * (1 + 2 + strata) + 1);
    // no busca.replicas: the scenario's replicas (3)
    expect(q.replicas).toBe(3);
  });

  const hand = handRelease({ rate: 0.0003, throughput: 1000 });
  /** A daily calibration over days 1 .. 15 on the hand release (RR 1234 persons), 2 replicas, 14 rounds. */
  function dailyBody() {
    const b = fixture('valid-calibracao');
    b.pedido.serie.declaracao.granularidade = 'dia';
    b.pedido.janela = { inicio: 20240101, fim: 20240110 };
    b.pedido.holdout = { inicio: 20240111, fim: 20240115 };
    b.serie = [1, 2, 3, 11, 12].map((d, i) => ({ periodo: 20240100 + d, municipio: '1400100', valor: 10 * (i + 1) }));
    b.pedido.cenario.release = 'v7.0.0';
    return validateCalibrationRequest(b, hand);
  }

  it('daily granularity counts to the holdout day itself; the price is the simulation rate on every round', () => {
    const q = quoteCalibration(dailyBody(), hand, { threads: 1, memoryBytes: 2 ** 40, workers: 1 });
    // RR 1234 persons x 15 days x 2 replicas x 14 rounds = 518,280; x 0.0003 = 155.484 -> 156; 518.28 s -> 9 minutes
    expect(q).toEqual({ release: 'v7.0.0', ufs: ['RR'], dias: 15, rodadas: 14, replicas: 2, pessoa_dias: 518_280, preco_micros: 156, minutos_estimados: 9 });
  });

  it('a fleet divides the time as far as one round\'s replicas spread: rounds run one after the other', () => {
    const on = (workers: number) => quoteCalibration(dailyBody(), hand, { threads: 1, memoryBytes: 2 ** 40, workers });
    // 518.28 s on one thread; a round's 2 replicas on 2 threads: 259.14 s -> 5 minutes, the same price
    expect(on(2)).toMatchObject({ minutos_estimados: 5, preco_micros: 156 });
    // a third worker has no task of the round to take
    expect(on(3).minutos_estimados).toBe(5);
  });
});
