// The national socio model fitted to the published figures, and the deterministic helpers.
import { describe, expect, it } from 'vitest';
import { loadAgeSex, loadMunicipalities } from '../../../src/release/data-files.js';
import { AGE_BANDS } from '../../../src/release/types.js';
import { hash3, largestRemainder, Rng } from '../../../src/release/random.js';
import { EDUCATION_TARGETS_25PLUS_2023, normalCdf, normalQuantile, socioModel } from '../../../src/population/socio-model.js';

describe('socio model', () => {
  const model = socioModel();
  const muns = loadMunicipalities();

  it('reproduces the 2023 national education shares of adults 25+ (PNAD Contínua)', () => {
    const num = [0, 0, 0];
    let den = 0;
    for (const m of muns) {
      const sa = loadAgeSex().get(m.codigo)!;
      const tot = sa.reduce((s, x) => s + x, 0);
      const p = model.educationAtLeast.get(m.codigo)!;
      for (let b = 5; b < AGE_BANDS; b++) {
        const n = (m.populacao * (sa[b] + sa[AGE_BANDS + b])) / tot;
        den += n;
        for (let k = 0; k < 3; k++) num[k] += n * p[b * 3 + k];
      }
    }
    for (let k = 0; k < 3; k++) expect(num[k] / den).toBeCloseTo(EDUCATION_TARGETS_25PLUS_2023[k], 3);
  });

  it('orders the education levels and makes younger adults more schooled', () => {
    for (const m of muns.slice(0, 200)) {
      const p = model.educationAtLeast.get(m.codigo)!;
      for (let b = 3; b < AGE_BANDS; b++) {
        expect(p[b * 3]).toBeGreaterThanOrEqual(p[b * 3 + 1]);
        expect(p[b * 3 + 1]).toBeGreaterThanOrEqual(p[b * 3 + 2]);
      }
      expect(p[5 * 3 + 1]).toBeGreaterThan(p[16 * 3 + 1]);
    }
  });

  it('cuts national income quintiles: 20% of persons in each bracket over all municipalities', () => {
    const cuts = model.incomeCutoffs.map(Math.log);
    const total = muns.reduce((s, m) => s + m.populacao, 0);
    const share = cuts.map((lc) => muns.reduce((s, m) => s + m.populacao * normalCdf((lc - model.incomeMu.get(m.codigo)!) / model.incomeSigma.get(m.codigo)!), 0) / total);
    share.forEach((s, i) => expect(s).toBeCloseTo(0.2 * (i + 1), 4));
    expect(model.incomeCutoffs[0]).toBeGreaterThan(200);
    expect(model.incomeCutoffs[3]).toBeLessThan(5000);
    // São Paulo (capital) richer than a municipality of the poorest UF's interior.
    expect(model.incomeMu.get('3550308')!).toBeGreaterThan(model.incomeMu.get('2100055')! + 0.5);
  });
});

describe('deterministic helpers', () => {
  it('normalQuantile inverts normalCdf', () => {
    for (const p of [0.001, 0.02, 0.3, 0.5, 0.77, 0.999]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 6);
  });

  it('largestRemainder gives exact totals close to the shares', () => {
    const w = [0.333, 0.333, 0.334, 0];
    const r = largestRemainder(w, 1001);
    expect(r.reduce((s, x) => s + x, 0)).toBe(1001);
    expect(r[3]).toBe(0);
    for (let i = 0; i < 3; i++) expect(Math.abs(r[i] - w[i] * 1001)).toBeLessThan(1);
  });

  it('random streams are reproducible and keyed', () => {
    const a = new Rng(1, 2, 3), b = new Rng(1, 2, 3), c = new Rng(1, 2, 4);
    const xa = Array.from({ length: 5 }, () => a.nextU32());
    expect(Array.from({ length: 5 }, () => b.nextU32())).toEqual(xa);
    expect(Array.from({ length: 5 }, () => c.nextU32())).not.toEqual(xa);
    expect(hash3(1, 2, 3)).toBe(hash3(1, 2, 3));
    expect(hash3(1, 2, 3)).not.toBe(hash3(1, 2, 4));
  });
});
