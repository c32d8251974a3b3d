// What rests on what (issue 57): every findings table carries premissas (for each column, or each
// column of one KPI, the assumed parameters and the data it is fitted or anchored to) and the
// release's aviso and fontes; so do the answers and the in-process pages; the stored result keeps
// the release's aviso and fontes as they were when the job ran.
import { describe, expect, it } from 'vitest';
import {
  answerQuestions, buildFindings, combineReplicas, decodeJobResult, encodeJobResult, FINDINGS_TABLES, type JobResult,
} from '../../../src/findings/index.js';
import { findingsPage } from '../../../src/findings/findings-page.js';
import { readPixCase } from '../../../src/release/pix-case-file.js';
import { listReleases, openRelease, releaseManifest } from '../../../src/release/release.js';
import { runSimulationJob } from '../../../src/run-simulation-job.js';
import { buildReplica, receptionJob, receptionReplicas, scenario } from './build-replica.js';

/** Columns that hold no modelled number: the keys of a row and its privacy reason. */
const KEYS = new Set(['municipio', 'area_ponderacao', 'medida', 'eixo', 'valor', 'canal', 'motivo', 'verificacao', 'limite']);

function onRelease(result: JobResult, release: string): JobResult {
  return { ...result, release, cenario: { ...result.cenario, release } };
}

function adoptionJob(release: string): JobResult {
  const cen = scenario({ kpis: ['adotantes'], release, lancamento: { dia: 1, cenario_base: 'pix' } });
  return combineReplicas(cen, [1000, 1010].map((x, r) => buildReplica({
    replica: r, unidades: ['1400100'], semanas: 1, medidas: ['adotantes'], cell: (_u, c) => (c === 0 ? x : 0), pop: () => 100,
  })));
}

describe('premissas, aviso and fontes', () => {
  it('are on every findings table of a reception job, covering every column that holds a modelled number', () => {
    for (const release of ['v1.0.0', 'v1.9.0', 'v2.1.0']) {
      const result = onRelease(receptionJob(), release);
      const m = releaseManifest(release);
      const ids = new Set(m.fontes.map((f) => f.id));
      for (const tabela of FINDINGS_TABLES) {
        const t = buildFindings(result, { tabela, limite: 1000 });
        expect(t.aviso, tabela).toBe(m.aviso);
        expect(t.fontes, tabela).toEqual(m.fontes);
        expect(t.premissas.length, `${release} ${tabela}`).toBeGreaterThan(0);
        const covered = new Set(t.premissas.flatMap((p) => p.colunas));
        for (const c of t.colunas.filter((x) => !KEYS.has(x))) expect(covered, `${release} ${tabela} ${c}`).toContain(c);
        for (const p of t.premissas) {
          for (const c of p.colunas) expect(t.colunas).toContain(c);
          for (const id of p.dados) expect(ids, `${tabela} ${id}`).toContain(id);
          if (p.medida !== null) expect(result.saturacao.medidas).toContain(p.medida);
        }
      }
    }
  });

  it('say which parts of reception are anchored to data from v1.5.0 and which stay assumptions', () => {
    const alcance = (release: string) => buildFindings(onRelease(receptionJob(), release), { tabela: 'saturacao' }).premissas.find((p) => p.medida === 'alcance')!;
    const old = alcance('v1.0.0');
    expect(old.assumidos).toContain('afinidade de cada canal por idade, renda, situação e uso da internet (padrões do modelo)');
    expect(old.dados).not.toContain('pesquisa_brasileira_midia');
    const now = alcance('v1.9.0');
    expect(now.dados).toEqual(expect.arrayContaining(['pesquisa_brasileira_midia', 'kantar_inside_radio', 'populacao_censo_2022']));
    expect(now.dados).not.toContain('pix');
    for (const words of [/^beta0 -1,20397: risco diário de contato de mídia/, /^tv: gradiente do uso diário/, /^respostas \(ignora, absorve, repassa, rejeita\)/,
      /^conversao_social, pesos_canais \(padrões do modelo\)/, /^beta_expo, gamma_celulas: do ajuste de adoção do Pix \(caso pix de v1\.9\.0\), usados por analogia/]) {
      expect(now.assumidos.some((a) => words.test(a)), String(words)).toBe(true);
    }
    // the Monte Carlo error says it measures nothing of the above
    const t = buildFindings(onRelease(receptionJob(), 'v1.9.0'), { tabela: 'saturacao' });
    expect(t.premissas.find((p) => p.colunas.includes('erro_padrao'))!.assumidos[0]).toMatch(/^só o erro de Monte Carlo/);
  });

  it('say, from v2.1.0, that responses follow exposure through an assumed memory, with its values and the run\'s overrides', () => {
    const premissa = (result: JobResult, medida: string) => buildFindings(result, { tabela: 'saturacao' }).premissas.find((p) => p.medida === medida)!;
    const job = onRelease(receptionJob(), 'v2.1.0');
    // alcance rests on the responses too (who spreads)
    const alcance = premissa(job, 'alcance').assumidos;
    expect(alcance.some((a) => /^respostas que seguem a exposição: cada contato soma à memória da sua fonte/.test(a))).toBe(true);
    expect(alcance).toContain('memória da resposta (premissas do modelo, não ajustadas): meia saturação 1,5 contatos, expoente 1,5, meias-vidas em dias tv 7, radio 7, digital 3, exterior 7, social 14');
    // a run's overrides are the numbers it rests on
    const over = premissa({ ...job, parametros_execucao: { memoria_expoente: 2, memoria_meia_vida_dias: { tv: 3 } as never } }, 'alcance').assumidos;
    expect(over.some((a) => a.includes('expoente 2, meias-vidas em dias tv 3, radio 7'))).toBe(true);
    // before v2.1.0 the first exposure fixes the response
    expect(premissa(onRelease(receptionJob(), 'v2.0.0'), 'alcance').assumidos.some((a) => /memória/.test(a))).toBe(false);
  });

  it('say where adoption parameters come from: hand-set, or the Pix fit with what it left fixed', () => {
    const adotantes = (release: string) => buildFindings(adoptionJob(release), { tabela: 'saturacao' }).premissas.find((p) => p.medida === 'adotantes')!;
    expect(adotantes('v1.0.0').assumidos).toContain('parametros_pix: todos fixados à mão (padrões do modelo)');
    expect(adotantes('v1.0.0').dados).not.toContain('pix');
    const pix = adotantes('v1.9.0');
    expect(pix.dados).toContain('pix');
    expect(pix.assumidos[0]).toMatch(/^parametros_pix ajustados à série do Pix nas dimensões do caso pix de v1\.9\.0; .*pesos_canais e idade_minima_adocao/);
    // what the words say is left fixed is left fixed by every committed fit
    for (const r of listReleases()) {
      const c = releaseManifest(r).calibracao_pix;
      if (c) expect(readPixCase(c.release)!.ajuste.busca.dimensoes.filter((d) => /pesos_canais|idade_minima/.test(d))).toEqual([]);
    }
    // tables an adoption job has no rows in rest on nothing
    expect(buildFindings(adoptionJob('v1.9.0'), { tabela: 'alcance_efetivo' }).premissas).toEqual([]);
  });

  it('are on the answers and on the in-process pages', () => {
    const result = onRelease(receptionJob(), 'v1.9.0');
    const m = releaseManifest('v1.9.0');
    expect(answerQuestions(null, result)).toMatchObject({ aviso: m.aviso, fontes: m.fontes });
    const page = findingsPage(result, 'contribuicao');
    expect(page).toMatchObject({ aviso: m.aviso, fontes: m.fontes });
    expect(page.premissas).toEqual(buildFindings(result, { tabela: 'contribuicao' }).premissas);
  });

  it('the stored result keeps the release\'s aviso and fontes of its run, and the parameters the run overrode', async () => {
    const release = openRelease('v1.0.0');
    const { cenario, replicas } = receptionReplicas();
    const { result } = await runSimulationJob(cenario, {
      release, parametros: { beta0: -2 },
      engine: async () => ({ replicas, execucao: { pessoa_dias: 1, segundos: 0, preparo_segundos: 0, threads: 1, tarefasSimultaneas: 1, shards: 1 } }),
    });
    const stored = decodeJobResult(JSON.parse(JSON.stringify(encodeJobResult(result))));
    expect(stored.aviso).toBe(release.manifest.aviso);
    expect(stored.fontes).toEqual(release.manifest.fontes);
    expect(stored.parametros_execucao).toEqual({ beta0: -2 });
    const alcance = buildFindings(stored, { tabela: 'saturacao' }).premissas.find((p) => p.medida === 'alcance')!;
    expect(alcance.assumidos).toContain('sobrescritos na execução, não os da release: beta0');
    expect(alcance.assumidos[0]).toMatch(/^beta0 -2: /);
    // a result of a release no longer offered says what it stored
    const gone = buildFindings({ ...stored, release: 'v0.0.1', cenario: { ...stored.cenario, release: 'v0.0.1' } }, { tabela: 'saturacao' });
    expect(gone.aviso).toBe(release.manifest.aviso);
  });
});
