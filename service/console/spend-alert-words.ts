// The spend alert as the console says it (docs/console.md, "Spend alert"): on every tab of the
// organization, once this month's spend reaches the chosen share of the monthly limit. The spec has
// no webhook event for it; the API's side is a log line, once a month (operations/submit-job.ts).
import type { Organization } from '../accounts/accounts.js';
import { formatReais } from '../accounts/reais.js';

/** The notice, or null when there is no alert, no limit, or the spend is under the share. */
export function spendAlertWords(org: Organization, gastoMicros: number): string | null {
  const { alerta_gasto_parte: parte, limite_gasto_mensal_micros: limite } = org;
  if (parte === null || limite === null || gastoMicros * 100 < limite * parte) return null;
  const feito = limite === 0 ? 100 : Math.floor((gastoMicros * 100) / limite);
  return `Alerta de gasto: neste mês já foram gastos ${formatReais(gastoMicros)}, ${feito}% do limite mensal de ${formatReais(limite)} (o alerta é em ${parte}%). Ao passar do limite, novas simulações são recusadas até o mês que vem.`;
}
