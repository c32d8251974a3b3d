// The job page's chart of weekly curves (views/job.eta): the engine's own SVG chart
// (src/findings/curves-chart.ts, as `campaign-sim plot` draws it), labelled for a person: the
// variants named in Portuguese (labels.ts) and told apart by dash as well as colour (a channel
// removed dashed, cut by 10% dotted), plano thick and on top, the y axis named, numbers in pt-BR,
// axis texts at the console's 12 px minimum (the chart's own option, not a style over it), and an
// accessible name and description; and the same values as tables, readable without the
// picture (a screen reader, a phone where the chart's text is small). The playground draws its
// runs' curves with it too (their bands over replicas included). It imports the chart's module
// itself, not the findings' index: the playground's page draws it before the engine's files are
// held (the index loads modules that read them).
import { curvesSvg } from '../../src/findings/curves-chart.js';
import type { WeeklyCurve } from '../../src/findings/weekly-curves.js';
import { LABELS } from './labels.js';

export const CHART_TITLE = 'Pessoas com cada medida até o fim de cada semana, por variante';
/** The ticks' and axis names' size in the drawing's units: a drawing shown at its own size or wider draws no text under 12 px. */
export const AXIS_TEXT = 12;

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact' });
const whole = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** sem_<canal> dashed, menos10_<canal> dotted, plano solid. */
function dashOf(variante: string): string | undefined {
  return variante.startsWith('sem_') ? '7 4' : variante.startsWith('menos10_') ? '2 3' : undefined;
}

/** The job page's two drawings of the chart: the page shows one by its width (console.css). */
export interface JobChart { largo: string; estreito: string }

/** The SVGs of a job's stored weekly curves (means over replicas): 760 units wide for a screen, and
 *  340 wide with the legend under the panels for a phone, where the wide one would be scaled to
 *  half size and its 12 px text drawn at 5 px. */
export function jobChart(curvas: readonly WeeklyCurve[]): JobChart {
  const medidas = [...new Set(curvas.map((c) => c.medida))];
  const variantes = [...new Set(curvas.map((c) => c.variante))];
  const descricao = `Um painel por medida (${medidas.join(', ')}), uma linha por variante (${variantes.map(LABELS.variante).join('; ')}): `
    + 'semanas no eixo horizontal, pessoas acumuladas no vertical, somadas sobre as unidades publicadas, média das réplicas.';
  const o = { nomeVariante: LABELS.variante, tracoVariante: dashOf, eixoY: 'pessoas (acumulado)', numero: (n: number) => compact.format(n), planoPorCima: true, descricao, textoEixo: AXIS_TEXT };
  return { largo: curvesSvg(curvas, CHART_TITLE, { ...o, id: 'grafico' }), estreito: curvesSvg(curvas, CHART_TITLE, { ...o, id: 'grafico-estreito', estreito: true }) };
}

/** One measure's curves as a table: a row per week, a column per variant (in the chart's order). */
export interface ChartTable { medida: string; variantes: string[]; semanas: Array<{ semana: number; valores: string[] }> }

/** The chart's values (means over replicas, rounded to whole persons, pt-BR), a table per measure. */
export function chartTables(curvas: readonly WeeklyCurve[]): ChartTable[] {
  return [...new Set(curvas.map((c) => c.medida))].map((medida) => {
    const of = curvas.filter((c) => c.medida === medida);
    const weeks = Math.max(...of.map((c) => c.valores.length));
    return {
      medida,
      variantes: of.map((c) => LABELS.variante(c.variante)),
      semanas: Array.from({ length: weeks }, (_, w) => ({ semana: w + 1, valores: of.map((c) => (w < c.valores.length ? whole.format(c.valores[w]) : '—')) })),
    };
  });
}
