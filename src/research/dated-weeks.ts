// The chart's x axis by date (Simulation.plot(), `campaign-sim plot` of a dated CSV): each week's
// tick is the date of its last day, as the weekly rows' `data` column gives it.
import type { CurvesChartOptions } from '../findings/curves-chart.js';

export function datedWeeks(dateOf: (semana: number) => string): CurvesChartOptions {
  return { rotuloSemana: dateOf, eixoX: 'date (the week\'s last day)' };
}
