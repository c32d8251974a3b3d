// The rows of sensitivity() as a standalone SVG (the weekly curves' palette and axis steps:
// src/findings/chart-parts.ts): a panel per variant and KPI, a row per parameter by posto, two
// bars each: Morris's mu* and sigma (persons per the parameter's interval, sigma large against mu*
// meaning interactions or nonlinearity), or the hypercube's PRCC and SRC (-1 to 1, the sign the
// direction of the effect). Hand-written, so the same rows always give the same bytes.
import { COLOURS, compactNumber, escapeXml, fixed, tickStep } from '../findings/chart-parts.js';
import type { SensitivityRow } from './sensitivity.js';

const WIDTH = 760;
const LEFT = 210;
const RIGHT = 30;
const PLOT_WIDTH = WIDTH - LEFT - RIGHT;
const HEAD = 58;
const PANEL_TOP = 34;
const ROW = 30;
const BAR = 10;
const AXIS = 40;

interface Measure {
  label: string;
  value: (r: SensitivityRow) => number | null;
}

const MEASURES: Record<SensitivityRow['metodo'], [Measure, Measure]> = {
  morris: [{ label: 'mu* (efeito absoluto médio)', value: (r) => r.mu_estrela }, { label: 'sigma (desvio dos efeitos)', value: (r) => r.sigma }],
  hipercubo_latino: [{ label: 'PRCC (correlação parcial de postos)', value: (r) => r.prcc }, { label: 'SRC (regressão padronizada)', value: (r) => r.src }],
};

/** The axis [lo, hi] and its step: from 0 up for Morris, -1 to 1 (or wider) for the coefficients. */
function axis(rows: readonly SensitivityRow[], m: readonly Measure[], signed: boolean): { lo: number; hi: number; step: number } {
  const values = rows.flatMap((r) => m.map((x) => x.value(r) ?? 0));
  if (signed) {
    const reach = Math.max(1, ...values.map(Math.abs));
    return { lo: -reach, hi: reach, step: reach <= 1 ? 0.5 : tickStep(reach) };
  }
  const step = tickStep(Math.max(0, ...values));
  return { lo: 0, hi: Math.max(step, Math.ceil(Math.max(0, ...values) / step) * step), step };
}

function panel(rows: SensitivityRow[], top: number): string[] {
  const { metodo, variante, kpi } = rows[0];
  const m = MEASURES[metodo];
  const signed = metodo !== 'morris';
  const { lo, hi, step } = axis(rows, m, signed);
  const x = (v: number) => LEFT + ((v - lo) / (hi - lo)) * PLOT_WIDTH;
  const bottom = top + PANEL_TOP + rows.length * ROW;
  const out = [`<g class="painel" data-variante="${escapeXml(variante)}" data-kpi="${escapeXml(kpi)}">`];
  out.push(`<text x="${LEFT}" y="${top + 20}" font-size="14" font-weight="bold">${escapeXml(variante === 'plano' ? kpi : `${kpi} (${variante})`)}</text>`);
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) {
    out.push(`<line x1="${fixed(x(t))}" y1="${top + PANEL_TOP - 4}" x2="${fixed(x(t))}" y2="${bottom}" stroke="${Math.abs(t) < 1e-9 ? '#333' : '#e0e0e0'}"/>`);
    out.push(`<text x="${fixed(x(t))}" y="${bottom + 16}" font-size="11" text-anchor="middle">${escapeXml(signed ? String(Number(t.toFixed(2))) : compactNumber(t))}</text>`);
  }
  out.push(`<text x="${LEFT + PLOT_WIDTH / 2}" y="${bottom + 32}" font-size="11" text-anchor="middle">${signed ? 'coeficiente' : 'pessoas por intervalo do parâmetro'}</text>`);
  rows.forEach((r, i) => {
    const y = top + PANEL_TOP + i * ROW;
    out.push(`<text x="${LEFT - 8}" y="${y + BAR + 4}" font-size="12" text-anchor="end">${escapeXml(`${r.posto}. ${r.parametro}`)}</text>`);
    m.forEach((measure, j) => {
      const v = measure.value(r);
      if (v === null) return;
      const [a, b] = [x(Math.min(0, v)), x(Math.max(0, v))];
      out.push(`<rect data-parametro="${escapeXml(r.parametro)}" x="${fixed(a)}" y="${y + j * BAR}" width="${fixed(Math.max(b - a, 0.5))}" height="${BAR - 1}" fill="${COLOURS[j]}"/>`);
    });
  });
  out.push('</g>');
  return out;
}

/** The SVG document of the rows: a panel per variant and KPI, in the order they first appear. */
export function sensitivitySvg(rows: readonly SensitivityRow[], titulo = 'Sensibilidade dos KPIs aos parâmetros'): string {
  const keys = [...new Set(rows.map((r) => JSON.stringify([r.variante, r.kpi])))];
  const panels = keys.map((k) => rows.filter((r) => JSON.stringify([r.variante, r.kpi]) === k).sort((a, b) => a.posto - b.posto));
  const metodo = rows[0]?.metodo ?? 'morris';
  const heights = panels.map((p) => PANEL_TOP + p.length * ROW + AXIS);
  const height = HEAD + heights.reduce((a, h) => a + h, 0) + 10;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif">`,
    `<rect width="${WIDTH}" height="${height}" fill="white"/>`,
    `<text x="12" y="22" font-size="16">${escapeXml(titulo)}</text>`,
  ];
  MEASURES[metodo].forEach((m, j) => {
    const lx = LEFT + j * 260;
    out.push(`<rect x="${lx}" y="36" width="18" height="${BAR - 1}" fill="${COLOURS[j]}"/>`);
    out.push(`<text x="${lx + 24}" y="${36 + BAR - 1}" font-size="12">${escapeXml(m.label)}</text>`);
  });
  let top = HEAD;
  panels.forEach((p, i) => {
    out.push(...panel(p, top));
    top += heights[i];
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
