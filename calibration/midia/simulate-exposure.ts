// The reference agent simulation of the exposure propensity (issue 56, first phase): plain
// TypeScript, person by person and day by day, as the kernel would do it once wired (second
// phase). Each person's user flag and propensity byte come from counter-based uniforms of (seed,
// person, slot) (src/models/recepcao/exposure-propensity.ts), each day's contact from one more uniform of
// (seed, channel, day, person), so a person's days depend on nothing else: any split of the
// persons gives the same result. The tests compare it with the formulas of
// src/models/recepcao/exposure-reach.ts and with the fitted margins (test/unit/calibration/simulate-exposure.test.ts).
import { exposureUniform, propensityByte } from '../../src/models/recepcao/exposure-propensity.js';
import { hash3 } from '../../src/release/random.js';

/** One channel of a simulated plan. */
export interface SimulatedChannel {
  /** The channel's copula slot (its index among the channels: 0 .. 3). */
  canal: number;
  /** Share of persons who use the channel at all. */
  usuarios: number;
  /** The propensity table (propensityTable) its bytes index. */
  tabela: ArrayLike<number>;
  /** The plan's hazard on each day (the day factor times the users' level). */
  perigos: ArrayLike<number>;
}

export interface ExposureSimulation {
  /** Per channel, per person: the propensity multiplier (0 for a non-user) and the count of contact days. */
  multiplicadores: Float64Array[];
  contatos: Uint16Array[];
}

// Counter slots of the simulation: users and days, apart from the copula's (0 .. 4).
const USER_SLOT = 64;
const DAY_SLOT = 128;

/** Persons [primeira, primeira + pessoas) of a population, every channel of the plan. */
export function simulateExposure(seed: number, primeira: number, pessoas: number, canais: SimulatedChannel[], rho: number): ExposureSimulation {
  const multiplicadores = canais.map(() => new Float64Array(pessoas));
  const contatos = canais.map(() => new Uint16Array(pessoas));
  const daySeeds = canais.map((c) => Array.from(c.perigos, (_, d) => hash3(seed, (DAY_SLOT + c.canal) << 16, d)));
  for (let k = 0; k < canais.length; k++) {
    const c = canais[k];
    for (let i = 0; i < pessoas; i++) {
      const person = primeira + i;
      if (exposureUniform(seed, USER_SLOT + c.canal, person) >= c.usuarios) continue;
      const m = c.tabela[propensityByte(seed, person, c.canal, rho)];
      multiplicadores[k][i] = m;
      let n = 0;
      for (let d = 0; d < c.perigos.length; d++) {
        if (exposureUniform(daySeeds[k][d], DAY_SLOT + c.canal, person) < -Math.expm1(-c.perigos[d] * m)) n++;
      }
      contatos[k][i] = n;
    }
  }
  return { multiplicadores, contatos };
}
