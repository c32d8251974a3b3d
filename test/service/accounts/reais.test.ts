// Amounts in reais as people type them (service/accounts/reais.ts), exactly in micros.
import { describe, expect, it } from 'vitest';
import { formatCredits, formatReais, reaisToMicros } from '../../../service/accounts/reais.js';

describe('reaisToMicros', () => {
  it('reads the plain, decimal-comma, decimal-dot and Brazilian grouped forms', () => {
    expect(reaisToMicros('100')).toBe(100_000_000);
    expect(reaisToMicros('12,50')).toBe(12_500_000);
    expect(reaisToMicros('12.5')).toBe(12_500_000);
    expect(reaisToMicros('1.500,50')).toBe(1_500_500_000);
    expect(reaisToMicros(' 1.500.000 ')).toBe(1_500_000_000_000);
    expect(reaisToMicros('0,000001')).toBe(1);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-1', '1,5,0', '1.50,00', '12.34.5', '1.500,', '1234567890']) expect(reaisToMicros(bad), bad).toBeNull();
  });
  it('formats as pt-BR money', () => {
    expect(formatReais(1_500_500_000)).toBe('R$ 1.500,50');
    expect(formatReais(-1_000_000)).toBe('-R$ 1,00');
  });
  it('formats credits as credits, down to the micro', () => {
    expect(formatCredits(1_500_500_000)).toBe('1.500,50 créditos');
    expect(formatCredits(1_234)).toBe('0,001234 créditos');
  });
});
