// The job page's chart sets its own axis text size (job-chart.ts: the chart's option, no style over
// it): in both drawings no text is under the console's 12 px, where `campaign-sim plot` keeps 11.
import { describe, expect, it } from 'vitest';
import { jobChart } from '../../../service/console/job-chart.js';
import type { WeeklyCurve } from '../../../src/findings/index.js';
import { MIN_TEXT_PX } from './page-checks.js';

const CURVES: WeeklyCurve[] = ['plano', 'sem_tv', 'menos10_tv'].map((variante, v) => ({
  variante, medida: 'alcance', escondidas: 0, valores: Array.from({ length: 13 }, (_, w) => Math.round((359_000 - 20_000 * v) * (1 - Math.exp(-(w + 1) / 4)))),
}));
const sizes = (svg: string) => [...svg.matchAll(/<text [^>]*font-size="([\d.]+)"/g)].map((m) => Number(m[1]));

describe('the job chart', () => {
  it('draws every text, ticks and axis names included, at 12 units or more in the wide and the narrow drawing', () => {
    const { largo, estreito } = jobChart(CURVES);
    for (const svg of [largo, estreito]) {
      const s = sizes(svg);
      expect(s.length).toBeGreaterThan(10);
      expect(Math.min(...s)).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    }
    expect(largo).toMatch(/font-size="12" text-anchor="end">\d/);
  });
});
