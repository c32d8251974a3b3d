// The job page's headline and variants' notes (service/console/job-summary.ts) on a result whose
// "sem TV" ends above the plan by the same count in every replica: a stable negative contribution,
// said with the model's reason, and a headline that says the numbers are a simulation's.
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../../src/contract/index.js';
import { findingsPage } from '../../../src/findings/findings-page.js';
import { jobSummary } from '../../../service/console/job-summary.js';
import { httpScenario } from '../../fixtures/scenarios.js';
import { syntheticResult } from '../routes/synthetic-result.js';

describe('the job page\'s summary', () => {
  it('says what was simulated, over what, and why a variant without TV ends above the plan', () => {
    const { result } = syntheticResult(validateScenario(httpScenario({ replicas: 2 })), 1);
    // sem_tv: the plan's counts plus 100 in every unit, measure and replica (a stable negative contribution)
    result.totais.sem_tv = { ...result.totais.sem_tv, porReplica: result.totais.plano.porReplica.map((n) => n + 100), motivo: result.totais.plano.motivo };
    const summary = jobSummary(result, findingsPage(result, 'veredito').linhas as never);
    expect(summary.manchete).toMatch(/^Simulação sobre a população sintética de RR: [\d,]+(\smil)? pessoas alcançadas até o dia 14 \([\d,]+% da população\), segundo o modelo\.$/);
    expect(summary.canais[0]).toBe('sem TV o modelo termina com 300 a mais (veja o que é uma variante)');
    expect(summary.acimaDoPlano.length).toBeGreaterThan(0);
    expect(summary.acimaDoPlano[0]).toMatch(/^“Sem TV” termina com 300 pessoas alcançadas a mais que o plano\. O modelo diz por quê: contribuição negativa a mais de dois erros-padrão de zero: .*a primeira exposição fixa a resposta/);
    expect(summary.cenario.canais.map((c) => c.canal)).toEqual(['TV', 'rádio', 'digital', 'mídia exterior']);
    expect(summary.cenario.lugar).toBe('RR');
  });
});
