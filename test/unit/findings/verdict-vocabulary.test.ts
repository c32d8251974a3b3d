// The verdict's words say what they measure (issue 57): one list of words with the rows each may
// stand on and what it says, pinned here; Monte Carlo checks say estavel / instavel, never
// robusto; the job's row says robusto only over calibrated parameters; a stable negative
// contribution is flagged with its reason.
import { describe, expect, it } from 'vitest';
import { buildFindings, combineReplicas, type JobResult } from '../../../src/findings/index.js';
import { MOTIVOS_VEREDITO, VOCABULARIO_VEREDITO, type PalavraVeredito } from '../../../src/findings/veredito.js';
import type { Lancamento } from '../../../src/contract/types.js';
import { buildReplica, receptionJob, scenario } from './build-replica.js';

const MONTE_CARLO = ['replicas', 'kpi', 'contribuicao'];

/** The veredito table's rows: the job's row (verificacao resultado) and every check. */
function verdictRows(result: JobResult) {
  return buildFindings(result, { tabela: 'veredito' }).linhas;
}

/** An adoption job with 2 replicas (or `replicas`) and a tiny Monte Carlo error, on the parameters `lancamento` names. */
function adoptionJob(lancamento: Lancamento, veredito?: 'aprovada' | 'reprovada', release = 'v1.0.0', replicas = 2): JobResult {
  const cen = scenario({ kpis: ['adotantes'], release, lancamento, replicas });
  const reps = [1000, 1010].slice(0, replicas).map((x, r) => buildReplica({
    replica: r, unidades: ['1400100'], semanas: 1, medidas: ['adotantes'], cell: (_u, c) => (c === 0 ? x : 0), pop: () => 100,
  }));
  const res = combineReplicas(cen, reps);
  if (veredito) res.calibracao_veredito = veredito;
  return res;
}
const CALIBRACAO: Lancamento = { dia: 1, cenario_base: 'calibracao', calibracao: '0b5c2a8e-6f1d-4c3b-9a7e-2d4f6b8c0e1a' };

describe('the verdict vocabulary', () => {
  it('is one list of words, each with the rows it may stand on and its meaning', () => {
    const where = Object.fromEntries(Object.entries(VOCABULARIO_VEREDITO).map(([w, v]) => [w, [...v.linhas]]));
    expect(where).toEqual({
      robusto: ['resultado'],
      indicativo: ['resultado'],
      inconclusivo: ['resultado'],
      instavel: ['resultado', 'kpi', 'contribuicao'],
      estavel: ['kpi', 'contribuicao'],
      negativa: ['contribuicao'],
      medido: ['replicas'],
      nao_avaliado: ['replicas', 'kpi', 'contribuicao'],
      calibrado: ['calibracao'],
      nao_calibrado: ['calibracao'],
    });
    for (const v of Object.values(VOCABULARIO_VEREDITO)) expect(v.significado.length).toBeGreaterThan(30);
    expect(Object.keys(MOTIVOS_VEREDITO)).toEqual([
      'replica_unica', 'erro_monte_carlo_kpi', 'contribuicao_indistinguivel', 'contribuicao_negativa', 'parametros_nao_calibrados',
    ]);
    // robusto is never a Monte Carlo word
    for (const w of Object.keys(VOCABULARIO_VEREDITO) as PalavraVeredito[]) {
      if (MONTE_CARLO.some((k) => (VOCABULARIO_VEREDITO[w].linhas as readonly string[]).includes(k))) expect(w).not.toBe('robusto');
    }
  });

  it('every row of every verdict uses a word of the list on a row it may stand on; robusto only on the job\'s row', () => {
    const jobs = [
      receptionJob(), receptionJob(1), adoptionJob({ dia: 1, cenario_base: 'pix' }), adoptionJob(CALIBRACAO, 'aprovada'),
      adoptionJob(CALIBRACAO, 'reprovada'), adoptionJob(CALIBRACAO, 'aprovada', 'v1.0.0', 1),
      adoptionJob({ dia: 1, cenario_base: 'pix' }, undefined, 'v1.4.0'),
    ];
    const seen = new Set<string>();
    for (const job of jobs) {
      for (const r of verdictRows(job)) {
        const word = VOCABULARIO_VEREDITO[r.resultado as PalavraVeredito];
        expect(word, String(r.resultado)).toBeDefined();
        expect(word.linhas as readonly string[]).toContain(r.verificacao);
        seen.add(String(r.resultado));
        if (MONTE_CARLO.includes(String(r.verificacao))) expect(r.resultado).not.toBe('robusto');
      }
    }
    // the Monte Carlo checks of a stable job say estavel and medido
    expect([...seen]).toEqual(expect.arrayContaining(['estavel', 'medido', 'robusto', 'indicativo', 'instavel', 'inconclusivo', 'calibrado', 'nao_calibrado']));
    // the descricao of resultado says every word and what it means
    const d = buildFindings(receptionJob(), { tabela: 'veredito' }).descricao.resultado;
    for (const [w, v] of Object.entries(VOCABULARIO_VEREDITO)) expect(d).toContain(`${w} (${v.linhas.join(', ')}): ${v.significado}`);
  });

  it('the job\'s row reads robusto only when stable and calibrated: never over uncalibrated parameters', () => {
    expect(verdictRows(adoptionJob(CALIBRACAO, 'aprovada'))[0]).toMatchObject({ resultado: 'robusto', motivo: null });
    // v1.4.0's Pix fit, approved under the battery of its time, is judged by today's
    const pix14 = verdictRows(adoptionJob({ dia: 1, cenario_base: 'pix' }, undefined, 'v1.4.0'));
    expect(pix14[0]).toMatchObject({ resultado: 'indicativo', motivo: 'parametros_nao_calibrados' });
    expect(pix14.find((r) => r.verificacao === 'calibracao')).toMatchObject({ resultado: 'nao_calibrado' });
    expect(String(pix14.find((r) => r.verificacao === 'calibracao')!.motivo)).toMatch(/não passa na bateria pix-2 .*declarado aprovado na bateria do seu tempo/);
    for (const job of [receptionJob(), adoptionJob({ dia: 1, cenario_base: 'pix' }), adoptionJob(CALIBRACAO, 'reprovada'), adoptionJob(CALIBRACAO)]) {
      const rows = verdictRows(job);
      expect(rows.find((r) => r.verificacao === 'calibracao')!.resultado).toBe('nao_calibrado');
      expect(rows[0].resultado).not.toBe('robusto');
    }
  });

  it('flags a stable negative contribution with the response model\'s reason; an unstable one stays instavel', () => {
    // TV takes about 20 persons away in both replicas (the planner's finding on v1.9.0: TV -132 on alcance)
    const negative = receptionJob(2, {
      plano: [[50, 20], [60, 20]], sem_tv: [[70, 20], [80, 21]], sem_radio: [[45, 20], [55, 20]],
      menos10_tv: [[52, 20], [62, 20]], menos10_radio: [[50, 20], [59, 20]],
    });
    const rows = verdictRows(negative);
    const tv = rows.find((r) => r.verificacao === 'contribuicao' && r.canal === 'tv')!;
    expect(tv.resultado).toBe('negativa');
    expect(String(tv.motivo)).toMatch(/^contribuição negativa a mais de dois erros-padrão de zero: .*a primeira exposição fixa a resposta/);
    // the words follow the response coefficients of the model (social source +0.4 absorve, +0.6 repassa)
    expect(String(tv.motivo)).toContain('coeficientes da fonte social +0,4 e +0,6');
    expect(String(rows[0].motivo)).toContain('contribuicao_negativa');
    expect(rows[0].resultado).not.toBe('robusto');
    // a negative difference inside the Monte Carlo error is not flagged as negative
    const noisy = receptionJob(2, {
      plano: [[50, 20], [60, 20]], sem_tv: [[70, 20], [40, 20]], sem_radio: [[45, 20], [55, 20]],
      menos10_tv: [[52, 20], [62, 20]], menos10_radio: [[50, 20], [59, 20]],
    });
    expect(verdictRows(noisy).find((r) => r.verificacao === 'contribuicao' && r.canal === 'tv')!.resultado).toBe('instavel');
  });
});
