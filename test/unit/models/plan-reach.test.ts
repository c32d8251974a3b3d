// The expected 1+ reach of a plan's channels (src/models/recepcao/plan-reach.ts): on synthetic cells
// with known answers (one cell and one bin, digital's multiplier being 1: 1 - (1 - p)^d; two such
// channels: the product of the misses; persons of affinity 0 never reached), the heaviness-byte sum
// equal to the marginal bins' (binMass, through reachOverDays) for a channel with a spread, the
// copula making any-channel reach less than independent channels would. planGrp's rows are
// test/unit/models/plan-grp.test.ts's.
// That the figure is the kernel's is test/integration/plan-reach-simulated.test.ts.
import { describe, expect, it } from 'vitest';
import { reachOverDays } from '../../../src/models/recepcao/plan-grp.js';
import { expectedReach } from '../../../src/models/recepcao/plan-reach.js';
import { MANIFESTS } from '../../../src/release/manifests.js';

const RELEASE = 'v2.0.0';
const E0 = Math.exp(MANIFESTS.find((m) => m.versao === RELEASE)!.parametros_recepcao.beta0);
/** Affinities exact in f32, so the kernel's f32 product changes nothing. */
const A = 0.375;
const B = 1.25;

describe('expectedReach', () => {
  it('one cell, one bin: 1 - (1 - p)^d with p = 1 - exp(-e0 I a)', () => {
    const I = 0.25;
    const d = 9;
    const p = 1 - Math.exp(-E0 * I * A);
    const r = expectedReach(RELEASE, { pessoas: 1000, n: Float64Array.of(1000), afinidades: Float64Array.of(A) }, ['digital'], [E0 * I * d]);
    expect(r.canais[0]).toBeCloseTo(1 - (1 - p) ** d, 12);
    expect(r.qualquer).toBeCloseTo(r.canais[0], 12);
  });

  it('two channels without spread: any = 1 - the product of the misses; persons of affinity 0 are never reached', () => {
    const cells = { pessoas: 400, n: Float64Array.of(300, 100), afinidades: Float64Array.of(A, B, 0, 0) };
    const r = expectedReach(RELEASE, cells, ['digital', 'digital'], [E0 * 2, E0 * 0.5]);
    const m1 = Math.exp(-A * E0 * 2);
    const m2 = Math.exp(-B * E0 * 0.5);
    expect(r.canais[0]).toBeCloseTo((300 * (1 - m1)) / 400, 12);
    expect(r.canais[1]).toBeCloseTo((300 * (1 - m2)) / 400, 12);
    expect(r.qualquer).toBeCloseTo((300 * (1 - m1 * m2)) / 400, 12);
  });

  it("a channel with a spread: the heaviness bytes' sum is the marginal bins' (binMass)", () => {
    for (const canal of ['tv', 'radio', 'exterior'] as const) {
      const [r] = expectedReach(RELEASE, { pessoas: 1, n: Float64Array.of(1), afinidades: Float64Array.of(A) }, [canal], [E0 * 12]).canais;
      expect(r).toBeCloseTo(reachOverDays(RELEASE, canal, A, 12), 12);
      // the spread leaves more persons unreached than a homogeneous audience of the same mean hazard
      expect(r).toBeLessThan(1 - Math.exp(-A * E0 * 12));
    }
  });

  it('the shared heaviness: any channel reaches fewer than independent channels of the same reach would', () => {
    const r = expectedReach(RELEASE, { pessoas: 1, n: Float64Array.of(1), afinidades: Float64Array.of(A, B) }, ['tv', 'radio'], [E0 * 14, E0 * 7]);
    const independent = 1 - (1 - r.canais[0]) * (1 - r.canais[1]);
    expect(r.qualquer).toBeLessThan(independent - 1e-3);
    expect(r.qualquer).toBeGreaterThan(Math.max(...r.canais));
  });
});
