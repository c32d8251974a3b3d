// Weekly curves (weekly-curves.ts) as a standalone SVG a person can open in a browser: one panel
// per measure, one line per variant (plano thicker), weeks across, persons up, a legend on the
// right. Hand-written SVG, so charts need no browser or canvas library and the same curves
// always give the same bytes (the golden test compares them). Given bands (weekly-bands.ts), each
// variant also gets its min-max range over replicas as a light area and plano is drawn last, on
// top of counterfactual lines that may coincide with it; means-only curves keep the golden order
// unless the caller asks for plano on top (CurvesChartOptions: the web console names the variants
// in Portuguese, labels the y axis, tells the lines apart by dash as well as colour and gives the
// SVG an accessible name, and draws a narrow copy for phones; without options the bytes are the golden ones).
import { COLOURS, compactNumber, escapeXml, fixed, tickStep } from './chart-parts.js';
import type { WeeklyBand } from './weekly-bands.js';
import type { WeeklyCurve } from './weekly-curves.js';

const PANEL_HEIGHT = 260;
const TOP = 48;
const BOTTOM = 44;
const PLOT_HEIGHT = PANEL_HEIGHT - TOP - BOTTOM;
/** Where things go across: the default (golden) chart has its legend on the right; the narrow one
 *  (a 390 px phone draws it at its own size, so its text stays 11-16 px) has it under the panels. */
interface Layout { width: number; left: number; right: number; plotWidth: number; legendBelow: boolean }
const layout = (width: number, left: number, right: number, legendBelow: boolean): Layout => ({ width, left, right, plotWidth: width - left - right, legendBelow });
const WIDE = layout(760, 70, 190, false);
/** 340 fits a 390 px phone's page (358 px inside its 16 px margins) without being scaled down. */
const NARROW = layout(340, 62, 12, true);
/** The narrow chart's title wraps at this many characters (16 px sans: about 300 px). */
const NARROW_TITLE_CHARS = 36;
const LEGEND_ROW = 18;

function isBand(c: WeeklyCurve): c is WeeklyBand {
  return 'maximos' in c;
}

/** How a caller (the web console) labels the chart; every field optional, none changes the default chart. */
export interface CurvesChartOptions {
  /** A variant's name in the legend (its code when absent). */
  nomeVariante?: (variante: string) => string;
  /** A variant's dash pattern (stroke-dasharray; solid when absent): lines told apart without colour. */
  tracoVariante?: (variante: string) => string | undefined;
  /** The y axis's label (none when absent). */
  eixoY?: string;
  /** The x axis's label ('semana' when absent). */
  eixoX?: string;
  /** A week's tick label on the x axis (its number when absent), e.g. the date it ends: longer labels get fewer ticks. */
  rotuloSemana?: (semana: number) => string;
  /** The axis numbers (1500 -> '1.5k' when absent). */
  numero?: (n: number) => string;
  /** plano drawn last, over the other lines, even without bands (the golden means-only chart keeps its order). */
  planoPorCima?: boolean;
  /** With it the SVG is role="img" named by its title and described by this text (<title>, <desc>; ids prefixed with `id`). */
  descricao?: string;
  /** Prefix of the ids of <title> and <desc> ('curvas' when absent): unique when a page holds several charts. */
  id?: string;
  /** 340 units wide instead of 760, the legend under the panels and the title wrapped: for a phone, where the wide chart would be scaled to half its size. */
  estreito?: boolean;
  /** The axes' text size, ticks and axis names (11 when absent, as `campaign-sim plot` draws them): the console's pages draw no text under 12 px. */
  textoEixo?: number;
}

function panel(medida: string, curves: WeeklyCurve[], colourOf: Map<string, string>, top: number, o: CurvesChartOptions, l: Layout): string[] {
  const weeks = Math.max(...curves.map((c) => c.valores.length));
  const highest = Math.max(0, ...curves.flatMap((c) => (isBand(c) ? c.maximos : c.valores)));
  const step = tickStep(highest);
  const yMax = Math.max(step, Math.ceil(highest / step) * step);
  const x = (w: number) => l.left + (weeks <= 1 ? l.plotWidth / 2 : ((w - 1) / (weeks - 1)) * l.plotWidth);
  const y = (v: number) => top + TOP + PLOT_HEIGHT - (v / yMax) * PLOT_HEIGHT;
  const size = o.textoEixo ?? 11;
  const out = [`<g class="painel" data-medida="${escapeXml(medida)}">`];
  out.push(`<text x="${l.left}" y="${top + TOP - 14}" font-size="14" font-weight="bold">${escapeXml(medida)}</text>`);
  for (let v = 0; v <= yMax; v += step) {
    out.push(`<line x1="${l.left}" y1="${fixed(y(v))}" x2="${l.left + l.plotWidth}" y2="${fixed(y(v))}" stroke="#e0e0e0"/>`);
    out.push(`<text x="${l.left - 6}" y="${fixed(y(v) + 4)}" font-size="${size}" text-anchor="end">${escapeXml((o.numero ?? compactNumber)(v))}</text>`);
  }
  if (o.eixoY !== undefined) {
    const cy = fixed(top + TOP + PLOT_HEIGHT / 2);
    out.push(`<text x="14" y="${cy}" font-size="${size}" text-anchor="middle" transform="rotate(-90 14 ${cy})">${escapeXml(o.eixoY)}</text>`);
  }
  const tick = o.rotuloSemana ?? String;
  // at most 12 week numbers; labels of n characters (sans: about 0.6 of the size each, 6.5 px at 11) a gap apart
  const longest = o.rotuloSemana ? Math.max(...Array.from({ length: weeks }, (_, i) => tick(i + 1).length)) : 0;
  const xEvery = Math.max(1, Math.ceil(weeks / (o.rotuloSemana ? Math.max(1, Math.floor(l.plotWidth / ((6.5 * size / 11) * longest + 14))) : 12)));
  for (let w = 1; w <= weeks; w += xEvery) {
    out.push(`<text x="${fixed(x(w))}" y="${top + TOP + PLOT_HEIGHT + 16}" font-size="${size}" text-anchor="middle">${escapeXml(tick(w))}</text>`);
  }
  out.push(`<text x="${l.left + l.plotWidth / 2}" y="${top + TOP + PLOT_HEIGHT + 34}" font-size="${size}" text-anchor="middle">${escapeXml(o.eixoX ?? 'semana')}</text>`);
  out.push(`<line x1="${l.left}" y1="${top + TOP + PLOT_HEIGHT}" x2="${l.left + l.plotWidth}" y2="${top + TOP + PLOT_HEIGHT}" stroke="#333"/>`);
  for (const c of curves.filter(isBand)) {
    const upper = c.maximos.map((v, i) => `${fixed(x(i + 1))},${fixed(y(v))}`);
    const lower = c.minimos.map((v, i) => `${fixed(x(i + 1))},${fixed(y(v))}`).reverse();
    out.push(`<polygon class="banda" data-variante="${escapeXml(c.variante)}" fill="${colourOf.get(c.variante)}" fill-opacity="0.15" stroke="none" points="${[...upper, ...lower].join(' ')}"/>`);
  }
  const drawn = curves.some(isBand) || o.planoPorCima ? [...curves.filter((c) => c.variante !== 'plano'), ...curves.filter((c) => c.variante === 'plano')] : curves;
  for (const c of drawn) {
    const points = c.valores.map((v, i) => `${fixed(x(i + 1))},${fixed(y(v))}`).join(' ');
    const width = c.variante === 'plano' ? 3 : 1.5;
    out.push(`<polyline data-variante="${escapeXml(c.variante)}" fill="none" stroke="${colourOf.get(c.variante)}" stroke-width="${width}"${dash(o, c.variante)} points="${points}"/>`);
  }
  out.push('</g>');
  return out;
}

/** A stroke-dasharray attribute for the variant's line, or nothing (solid). */
function dash(o: CurvesChartOptions, variante: string): string {
  const d = o.tracoVariante?.(variante);
  return d ? ` stroke-dasharray="${escapeXml(d)}"` : '';
}

/** The title's lines: one, or (narrow) words wrapped at NARROW_TITLE_CHARS. */
function titleLines(titulo: string, l: Layout): string[] {
  if (!l.legendBelow) return [titulo];
  const lines: string[] = [];
  for (const word of titulo.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= NARROW_TITLE_CHARS) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The SVG document of the curves (or bands): a panel per measure, in the order measures first appear. */
export function curvesSvg(curves: readonly WeeklyCurve[], titulo = 'Persons by week, per variant', o: CurvesChartOptions = {}): string {
  const l = o.estreito ? NARROW : WIDE;
  const medidas = [...new Set(curves.map((c) => c.medida))];
  const variantes = [...new Set(curves.map((c) => c.variante))];
  const colourOf = new Map(variantes.map((v, i) => [v, COLOURS[i % COLOURS.length]]));
  const lines = titleLines(titulo, l);
  // the panels start under the title (20 for one line), the narrow legend under the panels
  const head = 20 + (lines.length - 1) * LEGEND_ROW;
  const panelsEnd = head + Math.max(1, medidas.length) * PANEL_HEIGHT;
  const height = l.legendBelow ? panelsEnd + 10 + variantes.length * LEGEND_ROW : panelsEnd;
  const id = o.id ?? 'curvas';
  const named = o.descricao === undefined ? ''
    : ` role="img" aria-labelledby="${escapeXml(id)}-titulo" aria-describedby="${escapeXml(id)}-desc"`;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${l.width}" height="${height}" viewBox="0 0 ${l.width} ${height}" font-family="sans-serif"${named}>`,
    ...(o.descricao === undefined ? [] : [`<title id="${escapeXml(id)}-titulo">${escapeXml(titulo)}</title>`, `<desc id="${escapeXml(id)}-desc">${escapeXml(o.descricao)}</desc>`]),
    `<rect width="${l.width}" height="${height}" fill="white"/>`,
    ...lines.map((line, i) => `<text x="${l.legendBelow ? 12 : l.left}" y="${22 + i * LEGEND_ROW}" font-size="16">${escapeXml(line)}</text>`),
  ];
  medidas.forEach((m, i) => out.push(...panel(m, curves.filter((c) => c.medida === m), colourOf, head + i * PANEL_HEIGHT, o, l)));
  const legendX = l.legendBelow ? l.left - 40 : l.width - l.right + 16;
  variantes.forEach((v, i) => {
    const ly = (l.legendBelow ? panelsEnd + 10 : 20 + TOP) + i * LEGEND_ROW;
    out.push(`<line x1="${legendX}" y1="${ly}" x2="${legendX + 24}" y2="${ly}" stroke="${colourOf.get(v)}" stroke-width="${v === 'plano' ? 3 : 1.5}"${dash(o, v)}/>`);
    out.push(`<text x="${legendX + 30}" y="${ly + 4}" font-size="12">${escapeXml(o.nomeVariante?.(v) ?? v)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
