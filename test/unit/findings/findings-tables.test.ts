import { describe, expect, it } from 'vitest';
import {
  buildFindings, combineReplicas, decodeJobResult, encodeJobResult, jobResultFromBytes, jobResultToBytes,
  FINDINGS_TABLES, calibrationStatus, type JobResult,
} from '../../../src/findings/index.js';
import { listReleases, releaseManifest } from '../../../src/release/release.js';
import type { Lancamento } from '../../../src/contract/types.js';
import { ServiceError } from '../../../src/errors.js';
import { MOTIVO_RECEPCAO_HABITOS } from '../../../src/models/recepcao/index.js';
import { buildReplica, etaria, receptionJob, scenario } from './build-replica.js';

const NAMES: Record<string, string> = { '1400100': 'Boa Vista', '1400027': 'Amajari' };
const nomeMunicipio = (c: string) => NAMES[c];

/** Adoption job: two units, 2 replicas; unit 0 has adopters in 20-24 (both sexes) and 25-29 men. */
function adoptionJob(over: Parameters<typeof scenario>[0] = {}): JobResult {
  const cen = scenario(over);
  const counts = [
    { m20: 10, f20: 3, m25: 20 },
    { m20: 12, f20: 5, m25: 20 },
  ];
  const reps = counts.map((k, r) =>
    buildReplica({
      replica: r, unidades: ['1400100', '1400027'], semanas: 3, medidas: ['adotantes'],
      cell: (u, c) => (u !== 0 ? 0 : c === etaria(4, 0) ? k.m20 : c === etaria(4, 1) ? k.f20 : c === etaria(5, 0) ? k.m25 : 0),
      pop: (u) => (u === 0 ? 100 : 10),
    }));
  return combineReplicas(cen, reps, { nomeMunicipio });
}

describe('saturacao', () => {
  const result = adoptionJob();
  const t = buildFindings(result, { tabela: 'saturacao', limite: 1000 });
  const row = (mun: string, eixo: string, valor: string | null) =>
    t.linhas.find((r) => r.municipio === mun && r.eixo === eixo && r.valor === valor)!;

  it('has the documented columns, a description of each and the municipality names', () => {
    expect(t.colunas).toEqual(['municipio', 'medida', 'eixo', 'valor', 'n', 'populacao', 'parte', 'erro_padrao', 'motivo']);
    for (const c of t.colunas) expect(t.descricao[c]).toBeTruthy();
    expect(t.municipios).toEqual({ '1400027': 'Amajari', '1400100': 'Boa Vista' });
    expect(t.grade).toBe('etaria');
    // total + 17 age bands + 2 sexes per unit; no publico row without an audience
    expect(t.total).toBe(40);
    expect(t.truncado).toBe(false);
  });

  it('publishes rounded means, shares and Monte Carlo errors', () => {
    // totals 33 and 37
    expect(row('1400100', 'total', null)).toMatchObject({ n: 35, populacao: 3400, parte: Number((35 / 3400).toPrecision(6)), erro_padrao: 2, motivo: null });
    // 20-24: 13 and 17
    expect(row('1400100', 'faixa_etaria_5', '20-24')).toMatchObject({ n: 15, populacao: 200, erro_padrao: 2 });
    expect(row('1400100', 'faixa_etaria_5', '25-29')).toMatchObject({ n: 20, erro_padrao: 0 });
    expect(row('1400100', 'faixa_etaria_5', '0-4')).toMatchObject({ n: 0, populacao: 200, parte: 0 });
    expect(row('1400027', 'total', null)).toMatchObject({ n: 0, populacao: 340, parte: 0 });
  });

  it('hides 1..4 in a replica (menor_que_k) and its complement on the same margin (complementar)', () => {
    // women: 3 in replica 0 -> hidden; men 30 would give it away from the total 33
    expect(row('1400100', 'sexo', 'feminino')).toMatchObject({ n: null, parte: null, erro_padrao: null, motivo: 'menor_que_k' });
    expect(row('1400100', 'sexo', 'masculino')).toMatchObject({ n: null, motivo: 'complementar' });
  });

  it('filters municipalities and truncates at limite', () => {
    const one = buildFindings(result, { municipio: ['1400027'], limite: 5 });
    expect(one.tabela).toBe('saturacao');
    expect(one.linhas).toHaveLength(5);
    expect(one.total).toBe(20);
    expect(one.truncado).toBe(true);
    expect(one.linhas.every((r) => r.municipio === '1400027')).toBe(true);
    expect(one.municipios).toEqual({ '1400027': 'Amajari' });
    expect(buildFindings(result).linhas).toHaveLength(40); // default limite 200
  });

  it('defaults to the municipalities the scenario lists', () => {
    const listed = adoptionJob({ geografia: { ufs: ['RR'], municipios: ['1400100'] } });
    const t2 = buildFindings(listed, { limite: 1000 });
    expect(new Set(t2.linhas.map((r) => r.municipio))).toEqual(new Set(['1400100']));
  });

  it('refuses an unknown table with finding_unknown naming the valid tables', () => {
    let err: unknown;
    try {
      buildFindings(result, { tabela: 'lucro' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).code).toBe('finding_unknown');
    expect((err as ServiceError).status).toBe(422);
    for (const name of ['saturacao', 'alcance_efetivo', 'alcance_potencial', 'contribuicao', 'elasticidade']) {
      expect((err as ServiceError).message).toContain(name);
    }
    expect(() => buildFindings(result, { limite: 0 })).toThrow(ServiceError);
    expect(() => buildFindings(result, { limite: 1001 })).toThrow(ServiceError);
  });

  it('reception-only tables are empty for an adoption job', () => {
    for (const tabela of ['alcance_efetivo', 'alcance_potencial', 'contribuicao', 'elasticidade']) {
      const x = buildFindings(result, { tabela });
      expect(x.linhas).toEqual([]);
      expect(x.total).toBe(0);
      expect(x.colunas.length).toBeGreaterThan(3);
    }
  });
});

describe('reception tables', () => {
  const result = receptionJob();

  it('saturacao has a publico row for the audience', () => {
    const t = buildFindings(result, { limite: 1000 });
    expect(t.linhas.find((r) => r.eixo === 'publico')).toMatchObject({ n: 55, populacao: 1700, parte: Number((55 / 1700).toPrecision(6)) });
    expect(t.linhas.find((r) => r.eixo === 'total')).toMatchObject({ n: 75, populacao: 3400, erro_padrao: 5 });
  });

  it('alcance_efetivo: reached >= 3 times in the audience, per channel and any', () => {
    const t = buildFindings(result, { tabela: 'alcance_efetivo' });
    expect(t.colunas).toEqual(['municipio', 'canal', 'publico', 'alcance_1', 'alcance_efetivo', 'parte_efetiva', 'erro_padrao', 'motivo']);
    expect(t.linhas).toEqual([
      { municipio: '1400100', canal: 'tv', publico: 1700, alcance_1: 42, alcance_efetivo: 22, parte_efetiva: Number((22 / 1700).toPrecision(6)), erro_padrao: 2, motivo: null },
      { municipio: '1400100', canal: 'radio', publico: 1700, alcance_1: 11, alcance_efetivo: null, parte_efetiva: null, erro_padrao: null, motivo: 'menor_que_k' },
      { municipio: '1400100', canal: 'qualquer', publico: 1700, alcance_1: 48, alcance_efetivo: 25, parte_efetiva: Number((25 / 1700).toPrecision(6)), erro_padrao: 3, motivo: null },
    ]);
  });

  it('alcance_potencial: audience each channel can reach', () => {
    const t = buildFindings(result, { tabela: 'alcance_potencial' });
    expect(t.linhas.map((r) => [r.canal, r.alcancavel, r.parte, r.erro_padrao])).toEqual([
      ['tv', 1500, Number((1500 / 1700).toPrecision(6)), 0],
      ['radio', 800, Number((800 / 1700).toPrecision(6)), 0],
    ]);
  });

  it('contribuicao = plano - sem_c with a paired error', () => {
    const t = buildFindings(result, { tabela: 'contribuicao' });
    expect(t.linhas).toEqual([
      { municipio: '1400100', medida: 'alcance', canal: 'tv', plano: 75, sem_canal: 44, contribuicao: 31, contribuicao_relativa: Number((31 / 75).toPrecision(6)), erro_padrao: 1, motivo: null },
      { municipio: '1400100', medida: 'alcance', canal: 'radio', plano: 75, sem_canal: 70, contribuicao: 5, contribuicao_relativa: Number((5 / 75).toPrecision(6)), erro_padrao: 0, motivo: null },
    ]);
  });

  it('elasticidade = (plano - menos10_c) / plano / 0.1', () => {
    const t = buildFindings(result, { tabela: 'elasticidade' });
    expect(t.linhas.map((r) => [r.canal, r.plano, r.menos10, r.elasticidade, r.erro_padrao])).toEqual([
      ['tv', 75, 72, 0.4, 0],
      ['radio', 75, 74, Number((0.5 / 75 / 0.1).toPrecision(6)), Number((0.5 / 75 / 0.1).toPrecision(6))],
    ]);
  });

  it('veredito: a KPI with 6.7% Monte Carlo error is instavel; uncalibrated reception parameters are said', () => {
    const t = buildFindings(result, { tabela: 'veredito' });
    expect(t.colunas).toEqual(['verificacao', 'medida', 'canal', 'valor', 'limite', 'resultado', 'motivo']);
    const get = (v: string, canal: string | null = null) => t.linhas.find((r) => r.verificacao === v && r.canal === canal)!;
    expect(get('resultado')).toMatchObject({ resultado: 'instavel' });
    expect(String(get('resultado').motivo)).toContain('erro_monte_carlo_kpi');
    expect(String(get('resultado').motivo)).toContain('parametros_nao_calibrados');
    expect(get('kpi')).toMatchObject({ medida: 'alcance', valor: Number((5 / 75).toPrecision(6)), resultado: 'instavel' });
    expect(get('contribuicao', 'tv')).toMatchObject({ valor: Number((1 / 31).toPrecision(6)), resultado: 'estavel' });
    expect(get('contribuicao', 'radio')).toMatchObject({ valor: 0, resultado: 'estavel' });
    expect(get('calibracao')).toMatchObject({ resultado: 'nao_calibrado' });
    // Its rows name no municipality, so neither does municipios (issue 15).
    expect(t.municipios).toEqual({});
  });

  it('veredito of a reception job says which parts are data and which assumptions: from v1.5.0 (media habits), older releases word for word as before', () => {
    const motivo = (release: string) => {
      const r = { ...receptionJob(), release, cenario: { ...receptionJob().cenario, release } };
      return String(buildFindings(r, { tabela: 'veredito' }).linhas.find((x) => x.verificacao === 'calibracao')!.motivo);
    };
    expect(motivo('v1.5.0')).toBe(MOTIVO_RECEPCAO_HABITOS);
    expect(MOTIVO_RECEPCAO_HABITOS).toMatch(/ancorado em dados publicados: uso diário de TV e rádio/);
    expect(MOTIVO_RECEPCAO_HABITOS).toMatch(/fora dela o caso midia está reprovado/);
    expect(MOTIVO_RECEPCAO_HABITOS).toMatch(/continuam premissas do modelo, não calibradas: .*boca a boca, as respostas .* e a lembrança/);
    expect(motivo('v1.4.0')).toBe('parâmetros padrão da release, não calibrados contra uma série real desta campanha');
  });

  it('veredito is the job\'s one statement: the municipio filter leaves it unchanged (issue 32)', () => {
    const whole = buildFindings(result, { tabela: 'veredito' });
    for (const municipio of [['1400027'], ['1400100'], ['1400027', '1400100']]) {
      expect(buildFindings(result, { tabela: 'veredito', municipio }).linhas).toEqual(whole.linhas);
    }
  });

  it('veredito with one replica is inconclusivo', () => {
    const t = buildFindings(receptionJob(1), { tabela: 'veredito' });
    expect(t.linhas[0]).toMatchObject({ verificacao: 'resultado', resultado: 'inconclusivo' });
    expect(String(t.linhas[0].motivo)).toContain('replica_unica');
  });

  // Label honesty: `calibrado` only when a documented calibration with an `aprovada` verdict
  // produced the parameters (issue 12: hand-set parametros_pix were labelled calibrado).
  describe('calibration label', () => {
    const adoptionResult = (lancamento: Lancamento, veredito?: 'aprovada' | 'reprovada', release = 'v1.0.0'): JobResult => {
      const cen = scenario({ kpis: ['adotantes'], release, lancamento });
      const reps = [1000, 1010].map((x, r) => buildReplica({
        replica: r, unidades: ['1400100'], semanas: 1, medidas: ['adotantes'],
        cell: (_u, c) => (c === 0 ? x : 0), pop: () => 100,
      }));
      const res = combineReplicas(cen, reps);
      if (veredito) res.calibracao_veredito = veredito;
      return res;
    };
    const verdict = (r: JobResult) => {
      const t = buildFindings(r, { tabela: 'veredito' });
      return { head: t.linhas[0], cal: t.linhas.find((x) => x.verificacao === 'calibracao')! };
    };
    const CAL = '0b5c2a8e-6f1d-4c3b-9a7e-2d4f6b8c0e1a';

    it('hand-set parametros_pix are nao_calibrado on every release without an approved Pix fit', () => {
      for (const release of listReleases()) {
        const approved = releaseManifest(release).calibracao_pix?.veredito === 'aprovada';
        const { head, cal } = verdict(adoptionResult({ dia: 1, cenario_base: 'pix' }, undefined, release));
        expect(calibrationStatus(adoptionResult({ dia: 1, cenario_base: 'pix' }, undefined, release))).toBe(approved ? 'pix' : 'nao_calibrado');
        if (!approved) {
          expect(cal).toMatchObject({ resultado: 'nao_calibrado' });
          expect(head).toMatchObject({ resultado: 'indicativo' });
          expect(String(head.motivo)).toContain('parametros_nao_calibrados');
        }
      }
      // The two first releases keep their hand-set parameters for good.
      for (const release of ['v1.0.0', 'v1.1.0']) {
        expect(releaseManifest(release).calibracao_pix).toBeNull();
        expect(String(verdict(adoptionResult({ dia: 1, cenario_base: 'pix' }, undefined, release)).cal.motivo)).toContain('à mão');
      }
    });

    it('a client calibration is calibrado only with an aprovada verdict', () => {
      const base: Lancamento = { dia: 1, cenario_base: 'calibracao', calibracao: CAL };
      const ok = verdict(adoptionResult(base, 'aprovada'));
      expect(ok.head).toMatchObject({ resultado: 'robusto', motivo: null });
      expect(ok.cal).toMatchObject({ resultado: 'calibrado' });
      for (const v of ['reprovada', undefined] as const) {
        const bad = verdict(adoptionResult(base, v));
        expect(bad.cal).toMatchObject({ resultado: 'nao_calibrado' });
        expect(bad.head).toMatchObject({ resultado: 'indicativo' });
      }
    });
  });
});

describe('stored result format', () => {
  it('survives JSON and bytes round trips with the same findings', () => {
    const result = receptionJob();
    const json = JSON.parse(JSON.stringify(encodeJobResult(result)));
    expect(json.formato).toBe(1);
    const back = decodeJobResult(json);
    const bytes = jobResultFromBytes(jobResultToBytes(result));
    for (const tabela of FINDINGS_TABLES) {
      const want = buildFindings(result, { tabela });
      expect(buildFindings(back, { tabela })).toEqual(want);
      expect(buildFindings(bytes, { tabela })).toEqual(want);
    }
  });

  it('refuses an unknown formato', () => {
    expect(() => decodeJobResult({ formato: 2 })).toThrow(/formato 2/);
  });
});

describe('combineReplicas checks its input', () => {
  const base = { unidades: ['1400100'], semanas: 2, medidas: ['adotantes' as const], cell: () => 5, pop: () => 10 };

  it('refuses grid cells that do not add up to the unit totals', () => {
    const r = buildReplica({ ...base, replica: 0 });
    r.serie[1] += 1;
    expect(() => combineReplicas(scenario({ replicas: 1 }), [r])).toThrow(/sum to/);
  });

  it('refuses a missing replica, a repeated one and a missing plano', () => {
    expect(() => combineReplicas(scenario(), [buildReplica({ ...base, replica: 0 })])).toThrow(/1 of 2 replicas/);
    expect(() => combineReplicas(scenario(), [buildReplica({ ...base, replica: 0 }), buildReplica({ ...base, replica: 0 })])).toThrow(/twice/);
    expect(() => combineReplicas(scenario({ replicas: 1 }), [buildReplica({ ...base, replica: 0, variante: 'sem_tv' })])).toThrow(/plano/);
  });

  it('says what to pass when given something other than ReplicaResults', () => {
    expect(() => combineReplicas(scenario(), [{ variantes: {} } as never])).toThrow(/Object.values\(result.variantes\).flat\(\)/);
  });

  it('does not depend on the order replicas arrive in', () => {
    const reps = [0, 1].flatMap((r) => ['plano', 'sem_x'].map((variante) => buildReplica({ ...base, variante, replica: r, cell: (_u: number, c: number) => (c === r ? 7 + r : 0) })));
    const a = combineReplicas(scenario(), reps);
    const b = combineReplicas(scenario(), [...reps].reverse());
    expect(encodeJobResult(b)).toEqual(encodeJobResult(a));
  });
});

describe('identities between reception measures are margins too', () => {
  it('hides a second response when one response alone would be recoverable from alcance', () => {
    const medidas = ['alcance', 'ignora', 'absorve', 'repassa', 'rejeita'] as const;
    const values = [30, 3, 7, 20, 0];
    const cen = scenario({
      familia: 'recepcao', lancamento: undefined, kpis: [...medidas], replicas: 1,
      canais: [{ canal: 'tv', dia_inicio: 1, dia_fim: 7, intensidade: 1 }],
      mensagem: { stim_id: 'b'.repeat(32), template_ver: '1', politica: 'p' },
    });
    const r = buildReplica({
      replica: 0, unidades: ['1400100'], semanas: 1, medidas: [...medidas],
      cell: (_u, c, m) => (c === etaria(4, 1) ? values[m] : 0), pop: () => 100,
      canais: ['tv'], frequencia: [30, 0, 30, 0], alcancavel: [3400],
    });
    const t = buildFindings(combineReplicas(cen, [r]), { limite: 1000 });
    const total = (medida: string) => t.linhas.find((x) => x.eixo === 'total' && x.medida === medida)!;
    expect(total('ignora')).toMatchObject({ n: null, motivo: 'menor_que_k' });
    expect(total('absorve')).toMatchObject({ n: null, motivo: 'complementar' });
    expect(total('alcance')).toMatchObject({ n: 30 });
    expect(total('repassa')).toMatchObject({ n: 20 });
    expect(total('rejeita')).toMatchObject({ n: 0 });
  });
});
