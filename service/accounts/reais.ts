// Amounts in reais as people type and read them (one credit is one real; the ledger keeps micros).
// The CLI (`admin credits add`, `spend-limit set`) and the console read amounts through here.

/**
 * "12.5", "12,50" or, as written in Brazil, "1.500,50" reais -> micros, exactly; null when it is
 * not such an amount. Dots group thousands only in the Brazilian form (a comma for the decimals, or
 * several groups: "1.500.000"); a single dot otherwise marks the decimals, as before ("1.5").
 */
export function reaisToMicros(text: string): number | null {
  const t = text.trim();
  const grouped = /^(\d{1,3}(?:\.\d{3})+),(\d{1,6})$|^(\d{1,3}(?:\.\d{3}){2,})$/.exec(t);
  const m = grouped ? [t, (grouped[1] ?? grouped[3]).replaceAll('.', ''), grouped[2]] : /^(\d{1,9})(?:[.,](\d{1,6}))?$/.exec(t);
  if (!m || m[1].length > 9) return null;
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0'));
}

/** 1500500000 -> "1.500,50 créditos" (one credit is one real; down to the micro: 1234 -> "0,001234 créditos"). */
export function formatCredits(micros: number): string {
  return `${(micros / 1e6).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 6 })} créditos`;
}

/** 12500000 -> "R$ 12,50"; a debit -1000000 -> "-R$ 1,00", as Brazilian statements write it. */
export function formatReais(micros: number): string {
  return `${micros < 0 ? '-' : ''}R$ ${(Math.abs(micros) / 1e6).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
