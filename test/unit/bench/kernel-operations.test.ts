// The roofline's compute roof counts a task's unavoidable operations (bench/lib/kernel-operations.ts)
// from its plan and final state: small hand-made states, each count worked out in the comments.
import { describe, expect, it } from 'vitest';
import { adoptionOperations, personsLeftByDay, receptionOperations } from '../../../bench/lib/kernel-operations.js';

describe('kernel operations', () => {
  it('the persons an event has not yet taken at each day start', () => {
    // never, day 1, day 2, day 2, day 5 (after a 4-day run)
    const left = personsLeftByDay(new Uint16Array([0, 1, 2, 2, 5]), 4);
    // day 1: all 5; day 2: not the day-1 one, 4; days 3 and 4: the never and day-5 ones, 2
    expect([...left.subarray(1)]).toEqual([5, 4, 2, 2]);
  });

  it('adoption: a threshold and a launch uniform per person, a hazard update per person left on each day after the launch', () => {
    // 4 persons, launch on day 2 of 5: person 0 adopts at the launch, 1 on day 3, 2 on day 5, 3 never
    const ops = adoptionOperations(new Uint16Array([2, 3, 5, 0]), 2, 5);
    // day 3: persons 1, 2, 3; day 4: 2, 3; day 5: 2, 3 = 7
    expect(ops).toEqual({ exponenciais: 4, uniformes: 4, riscos: 7, limiares: 4, sorteios_lancamento: 4 });
    // a launch after the last day: no launch uniform, no hazard day
    expect(adoptionOperations(new Uint16Array([0, 0, 0, 0]), 6, 5)).toMatchObject({ uniformes: 0, riscos: 0 });
  });

  it('reception: the draws of the contacts, thresholds and responses, and the hazard updates of the days with a spreader', () => {
    // 4 persons, 2 channels, 2 cells, 6 days, spreading 2 days. Affinity [channel][cell]: channel 0
    // reaches cell 1 only, channel 1 both; persons 0, 1 in cell 0, persons 2, 3 in cell 1: pairs
    // (0, 1), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1) = 6 in the audience
    const plan = { dias: 6, nChannels: 2, nCells: 2, cell: new Uint16Array([0, 0, 1, 1]), afinidade: new Float32Array([0, 0.5, 0.2, 0.3]), expo: 0.5, period: 2 };
    // person 0 exposed on day 1 answering repassa (3): spreads at the start of days 2 and 3;
    // person 2 exposed on day 4 answering 1: not a spreader; persons 1, 3 never exposed.
    // Social exposure: person 1 on day 3, the others never
    const st = {
      dayA: new Uint16Array([1, 0, 4, 0]),
      sday: new Uint16Array([0, 3, 0, 0]),
      resp: new Uint8Array([3, 0, 1, 0]),
      // [person][channel]: 1 + 2 + 0 + 3 + 1 + 0 + 0 + 4 = 11 contacts
      freq: new Uint8Array([1, 2, 0, 3, 1, 0, 0, 4]),
    };
    const ops = receptionOperations(plan, st);
    expect(ops).toEqual({
      // 6 first contacts + 11 next ones + 4 social thresholds
      exponenciais: 21,
      // 11 recalls (upper bound) + 4 false recalls + 2 responses
      uniformes: 17,
      // the social pass on days 2 (4 persons left) and 3 (4: person 1 is exposed during day 3)
      riscos: 8,
      pares_audiencia: 6,
      contatos: 11,
      pares_freq_255: 0,
      recordacoes_limite_superior: 11,
      limiares_sociais: 4,
      falsas_recordacoes: 4,
      respostas: 2,
      dias_sociais: 2,
    });
    // a spreader exposed on the last day spreads on no day of the run; no social weight, no pass
    expect(receptionOperations(plan, { ...st, dayA: new Uint16Array([6, 0, 4, 0]) })).toMatchObject({ dias_sociais: 0, riscos: 0 });
    expect(receptionOperations({ ...plan, expo: 0 }, st)).toMatchObject({ dias_sociais: 0, riscos: 0 });
    // a spreading period past the run's end: days 2 to 6, persons left 4, 4, 3, 3, 3
    expect(receptionOperations({ ...plan, period: 10 }, st)).toMatchObject({ dias_sociais: 5, riscos: 17 });
  });
});
