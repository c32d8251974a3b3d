// Morris's elementary effects (Morris 1991, with Campolongo et al. 2007's mu*): the trajectory
// design on the unit hypercube and the effects read back from the runs. No maintained npm package
// does this (SALib is Python), and it is small. A trajectory starts at a random point of the
// p-level grid {0, 1/(p-1), ..., 1} and moves each of the k factors once, in a random order, by
// delta = p / (2 (p - 1)) up or down (the standard design B* = J x* + delta/2 [(2B - J) D* + J] P*:
// a base x* on the levels up to 1 - delta, a random direction per factor, a random order), so
// r trajectories are r (k + 1) runs and give r effects per factor. An effect is the change of the
// output over the change of the factor in units of its range, so for y = c x on [lo, hi] every
// effect is c (hi - lo): mu* (the mean absolute effect) ranks the factors, sigma (their standard
// deviation) says how much a factor's effect depends on where the others are (interactions,
// nonlinearity).

/** delta of a p-level design: p / (2 (p - 1)), so every step lands on the grid. */
export function morrisStep(niveis: number): number {
  return niveis / (2 * (niveis - 1));
}

/**
 * `trajetorias` trajectories of k factors on the unit hypercube, trajectory after trajectory,
 * k + 1 points each; consecutive points of a trajectory differ in one factor only.
 */
export function morrisUnitPoints(k: number, trajetorias: number, niveis: number, random: () => number): number[][] {
  const delta = morrisStep(niveis);
  // the levels a base may take: j / (p - 1) <= 1 - delta, i.e. j < p / 2
  const bases = niveis / 2;
  const points: number[][] = [];
  for (let t = 0; t < trajetorias; t++) {
    const up = Array.from({ length: k }, () => random() < 0.5);
    // a factor going down starts delta above its base
    let x = Array.from({ length: k }, (_, i) => Math.floor(random() * bases) / (niveis - 1) + (up[i] ? 0 : delta));
    const order = Array.from({ length: k }, (_, i) => i);
    for (let i = k - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    points.push(x);
    for (const i of order) {
      x = [...x];
      x[i] += up[i] ? delta : -delta;
      points.push(x);
    }
  }
  return points;
}

export interface MorrisIndex {
  /** Mean effect (signed: effects of both signs cancel). */
  mu: number;
  /** Mean absolute effect: the ranking measure. */
  mu_estrela: number;
  /** Standard deviation of the effects (n - 1); 0 with a single effect. */
  sigma: number;
  /** Number of effects (the trajectories). */
  efeitos: number;
}

/**
 * Each factor's indices from the runs of a Morris design: `points` the factors' values in their own
 * units (trajectory after trajectory, k + 1 points each, as morrisUnitPoints lays them out),
 * `y` the output of each point, `ranges` each factor's [lo, hi]. The effect of a step divides by
 * the step the values actually took (values rounded for the table stay exact).
 */
export function morrisIndices(points: readonly (readonly number[])[], y: readonly number[], ranges: readonly (readonly [number, number])[]): MorrisIndex[] {
  const k = ranges.length;
  if (points.length === 0 || points.length % (k + 1) !== 0 || y.length !== points.length) {
    throw new RangeError(`a Morris design of ${k} factors has k + 1 = ${k + 1} points per trajectory and one output per point (got ${points.length} points, ${y.length} outputs)`);
  }
  const effects: number[][] = ranges.map(() => []);
  for (let start = 0; start < points.length; start += k + 1) {
    for (let s = start + 1; s <= start + k; s++) {
      const changed = points[s].flatMap((v, i) => (v !== points[s - 1][i] ? [i] : []));
      if (changed.length !== 1) throw new RangeError(`Morris points ${s - 1} and ${s} differ in ${changed.length} factors, not one`);
      const i = changed[0];
      const [lo, hi] = ranges[i];
      effects[i].push((y[s] - y[s - 1]) / ((points[s][i] - points[s - 1][i]) / (hi - lo)));
    }
  }
  return effects.map((e) => {
    const mu = mean(e);
    const sigma = e.length > 1 ? Math.sqrt(e.reduce((a, v) => a + (v - mu) ** 2, 0) / (e.length - 1)) : 0;
    return { mu, mu_estrela: mean(e.map(Math.abs)), sigma, efeitos: e.length };
  });
}

function mean(v: readonly number[]): number {
  return v.reduce((a, x) => a + x, 0) / v.length;
}
