// Amounts in reais as people type and read them (one credit is one real; the ledger keeps micros).
// The CLI (`admin credits add`, `spend-limit set`) and the console read amounts through here.

/** "12.5" or "12,50" reais -> 12500000 micros, exactly; null when it is not such an amount. */
export function reaisToMicros(text: string): number | null {
  const m = /^(\d{1,9})(?:[.,](\d{1,6}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0')) : null;
}

/** 12500000 -> "R$ 12,50". */
export function formatReais(micros: number): string {
  return `R$ ${(micros / 1e6).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
