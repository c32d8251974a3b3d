// Scenarios the HTTP tests submit: small reception campaigns over Roraima (RR, the smallest UF).
import type { Scenario } from '../../../src/contract/types.js';

/** A valid 4-channel reception scenario over RR, 14 days, 2 replicas. */
export function rrScenario(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    versao_contrato: 3,
    release: 'v1.0.0',
    familia: 'recepcao',
    geografia: { ufs: ['RR'] },
    canais: [
      { canal: 'tv', dia_inicio: 1, dia_fim: 14, intensidade: 0.5 },
      { canal: 'radio', dia_inicio: 1, dia_fim: 14, intensidade: 0.4 },
      { canal: 'digital', dia_inicio: 1, dia_fim: 14, intensidade: 0.3 },
      { canal: 'exterior', dia_inicio: 1, dia_fim: 14, intensidade: 0.2 },
    ],
    mensagem: { stim_id: '0123456789abcdef0123456789abcdef', template_ver: 'v1', politica: 'saude' },
    horizonte: { data_inicio: '2026-03-02', dias: 14 },
    replicas: 2,
    grupo_comparacao: 'teste-http',
    kpis: ['alcance'],
    nome: 'Campanha de teste RR',
    ...overrides,
  } satisfies Partial<Record<keyof Scenario, unknown>>;
}
