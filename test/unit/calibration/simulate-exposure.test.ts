// The reference agent simulation (calibration/midia/simulate-exposure.ts) on a large population:
// the bytes' propensities reproduce the fitted gamma, the simulated days reproduce the fitted
// two-window margins and the formulas' frequency and GRPs, reach at equal GRPs falls below the
// homogeneous model among users, two channels duplicate as the copula says, and any split of the
// persons gives the same draws. Every tolerance is sampling error (4 standard errors) plus the
// 256-bin table's quantisation (3e-4, test/unit/models/exposure-propensity.test.ts).
import { describe, expect, it } from 'vitest';
import { fitExposure } from '../../../calibration/midia/exposure-fit.js';
import { simulateExposure, type SimulatedChannel } from '../../../calibration/midia/simulate-exposure.js';
import { gammaCdf, gammaLaplace, propensityTable } from '../../../src/models/recepcao/exposure-propensity.js';
import { frequency, grp, hazardForGrp, homogeneousExposure, jointReach, reachAtLeast } from '../../../src/models/recepcao/exposure-reach.js';

const N = 200_000;
const SEED = 56;
const fit = fitExposure();
const tvTable = propensityTable(fit.tv.forma);
const radioTable = propensityTable(fit.radio.forma);

/** 4 standard errors of a share p over N persons, plus the table's quantisation. */
const tol = (p: number) => 4 * Math.sqrt((p * (1 - p)) / N) + 3e-4;
const share = (xs: Uint16Array, f: (x: number) => boolean) => xs.reduce((s, x) => s + (f(x) ? 1 : 0), 0) / xs.length;

describe('the agent form on a large population', () => {
  it('reproduces the fitted gamma: its quantiles (to the bin), its mean and its Laplace transform', () => {
    for (const [k, table] of [[fit.tv.forma, tvTable], [fit.radio.forma, radioTable]] as const) {
      const { multiplicadores: [m] } = simulateExposure(SEED, 0, N, [{ canal: 1, usuarios: 1, tabela: table, perigos: [] }], 0.3);
      const sorted = Float64Array.from(m).sort();
      for (const p of [0.05, 0.25, 0.5, 0.75, 0.95, 0.99]) {
        const c = gammaCdf(k, sorted[Math.floor(p * N)]);
        expect(Math.abs(c - p)).toBeLessThan(1 / 256 + 4 * Math.sqrt((p * (1 - p)) / N));
      }
      const mean = m.reduce((s, x) => s + x, 0) / N;
      expect(Math.abs(mean - 1)).toBeLessThan(4 / Math.sqrt(k * N)); // sd of Gamma(k, k) is 1 / sqrt(k)
      for (const t of [0.3, 1.3, 9]) {
        const l = m.reduce((s, x) => s + Math.exp(-t * x), 0) / N;
        expect(Math.abs(l - gammaLaplace(k, t))).toBeLessThan(tol(gammaLaplace(k, t)));
      }
    }
  });

  it('reproduces the fitted two-window margins: TV 43.9% in a day and 71.8% in a week, radio 49.8% and 83% in 30 days', () => {
    const sim = simulateExposure(SEED, 0, N, [
      { canal: 1, usuarios: 1, tabela: tvTable, perigos: new Float64Array(7).fill(fit.tv.nivel_medidor) },
      { canal: 2, usuarios: 1, tabela: radioTable, perigos: new Float64Array(30).fill(fit.radio.nivel_metros) },
    ], 0.3);
    const byId = (id: string) => fit.margens.find((m) => m.id === id)!.publicado / 100;
    const week = share(sim.contatos[0], (x) => x > 0);
    const month = share(sim.contatos[1], (x) => x > 0);
    expect(Math.abs(week - byId('tv/semana'))).toBeLessThan(tol(week));
    expect(Math.abs(month - byId('radio/30dias'))).toBeLessThan(tol(month));
    // one day: the first day of the same persons
    const day = simulateExposure(SEED, 0, N, [
      { canal: 1, usuarios: 1, tabela: tvTable, perigos: [fit.tv.nivel_medidor] },
      { canal: 2, usuarios: 1, tabela: radioTable, perigos: [fit.radio.nivel_metros] },
    ], 0.3);
    expect(Math.abs(share(day.contatos[0], (x) => x > 0) - byId('tv/dia'))).toBeLessThan(tol(0.44));
    expect(Math.abs(share(day.contatos[1], (x) => x > 0) - byId('radio/dia'))).toBeLessThan(tol(0.5));
  });

  it('matches the formulas\' frequency distribution, and its GRPs are 100 x the mean contacts', () => {
    const e = { usuarios: fit.tv.usuarios.brasil, multiplicadores: tvTable };
    const perigos = new Float64Array(28).fill(hazardForGrp(e, 28, 300));
    const [c] = simulateExposure(SEED, 0, N, [{ canal: 1, usuarios: e.usuarios, tabela: tvTable, perigos }], 0.3).contatos;
    const f = frequency(e, perigos, 10);
    for (let j = 0; j <= 10; j++) {
      const got = share(c, (x) => (j < 10 ? x === j : x >= 10));
      expect(Math.abs(got - f[j]), `${j} contact days`).toBeLessThan(tol(f[j]));
    }
    const meanContacts = c.reduce((s, x) => s + x, 0) / N;
    const sd = Math.sqrt(c.reduce((s, x) => s + (x - meanContacts) ** 2, 0) / N);
    expect(grp(e, perigos)).toBeCloseTo(300, 6);
    expect(Math.abs(100 * meanContacts - 300)).toBeLessThan((400 * sd) / Math.sqrt(N));
  });

  it('reaches clearly fewer than the homogeneous model among users at equal GRPs, 3+/1+ well below 1', () => {
    for (const [canal, table, usuarios, usuariosV19] of [[1, tvTable, fit.tv.usuarios.brasil, 0.95], [2, radioTable, 1, 0.83]] as const) {
      const e = { usuarios, multiplicadores: table };
      const h = homogeneousExposure(usuariosV19);
      for (const g of [100, 300]) {
        const [c] = simulateExposure(SEED, 0, N, [{ canal, usuarios, tabela: table, perigos: new Float64Array(28).fill(hazardForGrp(e, 28, g)) }], 0.3).contatos;
        const one = share(c, (x) => x >= 1);
        const three = share(c, (x) => x >= 3);
        const homogeneous = reachAtLeast(frequency(h, new Float64Array(28).fill(hazardForGrp(h, 28, g))));
        expect(homogeneous[1] - one, `${canal} at ${g} GRP`).toBeGreaterThan(0.15);
        expect(three / one).toBeLessThan(0.7);
      }
    }
  });

  it('duplicates two channels as the copula\'s formula says', () => {
    const e = (table: Float64Array) => ({ usuarios: 1, multiplicadores: table });
    const hTv = new Float64Array(7).fill(hazardForGrp(e(tvTable), 7, 100));
    const hRadio = new Float64Array(7).fill(hazardForGrp(e(radioTable), 7, 100));
    for (const rho of [0, 0.5]) {
      const sim = simulateExposure(SEED, 0, N, [
        { canal: 1, usuarios: 1, tabela: tvTable, perigos: hTv }, { canal: 2, usuarios: 1, tabela: radioTable, perigos: hRadio },
      ], rho);
      let both = 0;
      for (let i = 0; i < N; i++) if (sim.contatos[0][i] > 0 && sim.contatos[1][i] > 0) both++;
      const expected = jointReach(e(tvTable), hTv, e(radioTable), hRadio, rho);
      expect(Math.abs(both / N - expected), `rho ${rho}`).toBeLessThan(tol(expected));
    }
  });

  it('draws the same for a person whatever split of the population simulates it', () => {
    const canais: SimulatedChannel[] = [{ canal: 3, usuarios: 0.9, tabela: tvTable, perigos: [0.2, 0.5, 0.1] }];
    const whole = simulateExposure(SEED, 1000, 5000, canais, 0.3);
    const a = simulateExposure(SEED, 1000, 2000, canais, 0.3);
    const b = simulateExposure(SEED, 3000, 3000, canais, 0.3);
    expect([...a.contatos[0], ...b.contatos[0]]).toEqual([...whole.contatos[0]]);
    expect([...a.multiplicadores[0], ...b.multiplicadores[0]]).toEqual([...whole.multiplicadores[0]]);
  });
});
