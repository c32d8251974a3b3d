// Findings, per-tract events and comparison routes through the real app on the real PostgreSQL.
// Jobs are submitted over HTTP, claimed from the queue and concluded with the stored result of
// synthetic per-replica counts combined by the real findings library (the engine is not needed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../service/app.js';
import { completeJob, claimNextJob } from '../../../service/jobs/queue.js';
import { createRateLimiter } from '../../../service/accounts/rate-limit.js';
import type { Store } from '../../../service/store/open-store.js';
import { validateScenario } from '../../../src/contract/index.js';
import { answerQuestions, buildFindings, buildTractEvents, compareJobs, releaseNotes } from '../../../src/findings/index.js';
import { httpScenario } from '../../fixtures/scenarios.js';
import { insertJob, openHarness, type Harness } from './harness.js';
import { syntheticResult } from './synthetic-result.js';

let h: Harness;
let acct: { orgId: string; projectId: string; key: string };
beforeAll(async () => {
  h = await openHarness('findings');
  acct = await h.newAccount(1_000_000_000);
});
afterAll(async () => { await h?.close(); });

const UNKNOWN = '3f0e2c4a-9b1d-4c7e-8a2f-5d6b7c8e9f00';
let n = 0;

/** Submits a scenario over HTTP as `acct`, then runs it to concluido with synthetic counts. */
async function concludedJob(overrides: Record<string, unknown> = {}, seed = 1) {
  n += 1;
  const res = await h.call('POST', '/v1/jobs', acct.key, { body: { pedido: httpScenario(overrides) }, headers: { 'idempotency-key': `f-${n}` } });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  const claimed = await claimNextJob(h.store, 'w-findings');
  expect(claimed?.id).toBe(id);
  const { result, stored } = syntheticResult(validateScenario(httpScenario(overrides)), seed);
  expect(await completeJob(h.store, id, stored, { workerId: 'w-findings' })).not.toBeNull();
  return { id, result };
}

const get = (url: string) => h.call('GET', url, acct.key);
const plain = (x: unknown) => JSON.parse(JSON.stringify(x));

describe('GET /v1/jobs/{job_id}/findings', () => {
  it('serves the saturacao table by default, as the findings library builds it', async () => {
    const { id, result } = await concludedJob();
    const res = await get(`/v1/jobs/${id}/findings`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(plain(buildFindings(result, { tabela: 'saturacao', limite: 200 })));
    expect(body.tabela).toBe('saturacao');
    expect(body.grade).toBe('principal');
    expect(body.linhas.length).toBeGreaterThan(0);
    expect(body.linhas.length).toBeLessThanOrEqual(200);
    expect(Object.keys(body.municipios).sort()).toEqual(['1400027', '1400050', '1400100']);
    for (const key of ['tabela', 'colunas', 'descricao', 'municipios', 'linhas', 'total', 'truncado', 'grade']) expect(body).toHaveProperty(key);
    // and what the numbers rest on (issue 57)
    expect(body.premissas.length).toBeGreaterThan(0);
    expect(body.aviso).toBe(plain(buildFindings(result)).aviso);
    expect(body.fontes.length).toBeGreaterThan(0);
  });

  it('honours tabela, municipio (repeated) and limite; serves every table the spec names', async () => {
    const { id, result } = await concludedJob({ nome: 'tabelas' }, 2);
    const cut = await get(`/v1/jobs/${id}/findings?tabela=alcance_efetivo&municipio=1400100&municipio=1400027&limite=3`);
    expect(cut.statusCode).toBe(200);
    expect(cut.json()).toEqual(plain(buildFindings(result, { tabela: 'alcance_efetivo', municipio: ['1400100', '1400027'], limite: 3 })));
    expect(cut.json().linhas.length).toBeLessThanOrEqual(3);
    for (const tabela of ['saturacao', 'alcance_efetivo', 'alcance_potencial', 'contribuicao', 'elasticidade', 'veredito']) {
      const r = await get(`/v1/jobs/${id}/findings?tabela=${tabela}&limite=1000`);
      expect(r.statusCode, tabela).toBe(200);
      expect(r.json().tabela).toBe(tabela);
      // a reception job with four channels: every table says what it rests on
      expect(r.json().premissas.length, tabela).toBeGreaterThan(0);
      expect(r.json().premissas, tabela).toEqual(plain(buildFindings(result, { tabela, limite: 1000 })).premissas);
    }
  });

  it('refuses an unknown table with 422 finding_unknown naming the valid ones', async () => {
    const { id } = await concludedJob({ nome: 'desconhecida' });
    const res = await get(`/v1/jobs/${id}/findings?tabela=renda`);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.code).toBe('finding_unknown');
    expect(res.json().detail.message).toMatch(/saturacao.*alcance_efetivo.*alcance_potencial.*contribuicao.*elasticidade/);
  });

  it('answers 409 result_not_ready for a job not concluido and for an erased job; 404 for an unknown job', async () => {
    const waiting = await insertJob(h, { projectId: acct.projectId });
    const r1 = await get(`/v1/jobs/${waiting.id}/findings`);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().detail.code).toBe('result_not_ready');
    await h.call('POST', `/v1/jobs/${waiting.id}/cancel`, acct.key);

    const { id } = await concludedJob({ nome: 'apagado' });
    expect((await get(`/v1/jobs/${id}/findings`)).statusCode).toBe(200);
    expect((await h.call('POST', `/v1/jobs/${id}/erase`, acct.key)).statusCode).toBe(200);
    const r2 = await get(`/v1/jobs/${id}/findings`);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().detail.code).toBe('result_not_ready');
    expect((await get(`/v1/jobs/${id}/setores?municipio=1400100`)).json().detail.code).toBe('result_not_ready');

    expect((await get(`/v1/jobs/${UNKNOWN}/findings`)).statusCode).toBe(404);
  });

  it('answers 503 results_unavailable when the results storage cannot be read', async () => {
    const { id } = await concludedJob({ nome: 'armazenamento' });
    // The same store, except that reading results fails as if its storage were down.
    const broken: Store = Object.assign(Object.create(h.store) as Store, {
      query: (sql: string, params?: unknown[]) =>
        /\bresults\b/.test(sql) && /dados/.test(sql) ? Promise.reject(new Error('connection refused')) : h.store.query(sql, params),
    });
    const app = await buildApp({ store: broken, clock: h.clock, limiter: createRateLimiter({ backend: 'memory', clock: h.clock }) });
    try {
      const res = await app.inject({ method: 'GET', url: `/v1/jobs/${id}/findings`, headers: { authorization: `Bearer ${acct.key}` } });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail.code).toBe('results_unavailable');
    } finally {
      await app.close();
    }
  });
});

describe('GET /v1/jobs/{job_id}/setores', () => {
  it('serves per-tract events of a job with saida_por_setor, as the findings library builds them', async () => {
    const { id, result } = await concludedJob({ nome: 'setores', saida_por_setor: true }, 3);
    const res = await get(`/v1/jobs/${id}/setores?municipio=1400100`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(plain(buildTractEvents(result, { municipio: '1400100' })));
    expect(body).toMatchObject({ municipio: '1400100', semanas: 2, semana: null });
    for (const key of ['tipos', 'tipo', 'corte_erro', 'linhas', 'motivos', 'total', 'truncado']) expect(body).toHaveProperty(key);
    expect(body.linhas.length).toBeGreaterThan(0);
    const week = await get(`/v1/jobs/${id}/setores?municipio=1400100&semana=2&tipo=${body.tipo}`);
    expect(week.json()).toEqual(plain(buildTractEvents(result, { municipio: '1400100', semana: 2, tipo: body.tipo })));
    expect(week.json().semana).toBe(2);
  });

  it('refuses a tipo the job lacks and a week past its horizon with a contract code (issue 15)', async () => {
    const { id } = await concludedJob({ nome: 'setores refusals', saida_por_setor: true }, 3);
    const tipo = await get(`/v1/jobs/${id}/setores?municipio=1400100&tipo=nada`);
    expect([tipo.statusCode, tipo.json().detail]).toEqual([422, expect.objectContaining({ code: 'invalid_request', contract_code: 'tract_type_unknown', field: 'tipo' })]);
    const week = await get(`/v1/jobs/${id}/setores?municipio=1400100&semana=3`);
    expect([week.statusCode, week.json().detail]).toEqual([422, expect.objectContaining({ code: 'invalid_request', contract_code: 'tract_week_beyond_horizon', field: 'semana' })]);
  });

  it('refuses a job without per-tract output with 422 tract_output_absent', async () => {
    const { id } = await concludedJob({ nome: 'sem setores' });
    const res = await get(`/v1/jobs/${id}/setores?municipio=1400100`);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.code).toBe('tract_output_absent');
  });
});

describe('GET /v1/jobs/compare', () => {
  it('compares two concluded simulations (b minus a), as the findings library does', async () => {
    const a = await concludedJob({ nome: 'A' }, 4);
    const b = await concludedJob({ nome: 'B' }, 5);
    const res = await get(`/v1/jobs/compare?a=${a.id}&b=${b.id}&limite=5&offset=1`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(plain(compareJobs(
      { job: { id: a.id, nome: 'A', tipo: 'simulacao' }, result: a.result },
      { job: { id: b.id, nome: 'B', tipo: 'simulacao' }, result: b.result },
      { limite: 5, offset: 1 },
    )));
    expect(body.mesmo_grupo_comparacao).toBe(true);
    expect(body.a.job_id).toBe(a.id);
    expect(body.b.job_id).toBe(b.id);
    expect(Object.keys(body.tabelas).sort()).toEqual(['alcance_efetivo', 'alcance_potencial', 'contribuicao', 'elasticidade', 'saturacao']);
    // /v1/jobs/compare is its own route, never GET /v1/jobs/{job_id} with job_id "compare".
    expect(body.id).toBeUndefined();
  });

  it('refuses different releases (422 release_mismatch), a calibration (422 not_a_simulation), a job not concluded (409) and an unknown job (404)', async () => {
    const a = await concludedJob({ nome: 'v100' }, 6);
    const newer = await concludedJob({ nome: 'v110', release: 'v1.1.0' }, 7);
    const mismatch = await get(`/v1/jobs/compare?a=${a.id}&b=${newer.id}`);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().detail.code).toBe('release_mismatch');

    const calibration = await insertJob(h, { projectId: acct.projectId, tipo: 'calibracao' });
    const notSim = await get(`/v1/jobs/compare?a=${a.id}&b=${calibration.id}`);
    expect(notSim.statusCode).toBe(422);
    expect(notSim.json().detail.code).toBe('not_a_simulation');
    await h.call('POST', `/v1/jobs/${calibration.id}/cancel`, acct.key);

    const waiting = await insertJob(h, { projectId: acct.projectId });
    const notReady = await get(`/v1/jobs/compare?a=${a.id}&b=${waiting.id}`);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().detail.code).toBe('result_not_ready');
    await h.call('POST', `/v1/jobs/${waiting.id}/cancel`, acct.key);

    const unknown = await get(`/v1/jobs/compare?a=${UNKNOWN}&b=${a.id}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail.code).toBe('not_found');
  });
});

describe('GET /v1/jobs/{job_id}/respostas', () => {
  const contrato = {
    versao: 1,
    perguntas: [
      { id: 'q1', forma: 'quantos', medida: 'alcance', territorio: { municipios: ['1400100'] }, semana: 1 },
      { id: 'q2', forma: 'onde', medida: 'alcance', territorio: { municipios: ['1400100', '1400027'] }, semana: 2 },
    ],
  };

  it('serves the answers to the job\'s answer contract, as the findings library builds them', async () => {
    const { id, result } = await concludedJob({ contrato_de_resposta: contrato }, 8);
    const res = await get(`/v1/jobs/${id}/respostas`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(plain(answerQuestions(null, result)));
    expect(res.json().respostas.map((a: { id: string; territorio: unknown }) => [a.id, a.territorio])).toEqual([
      ['q1', { municipios: ['1400100'] }], ['q2', { municipios: ['1400100', '1400027'] }],
    ]);
    const none = await concludedJob({}, 9);
    expect((await get(`/v1/jobs/${none.id}/respostas`)).json()).toEqual({ versao: 1, respostas: [], ...plain(releaseNotes(none.result)) });
  });

  it('answers 409 result_not_ready for a job not concluido, 404 for an unknown job, 403 without results:read', async () => {
    const waiting = await insertJob(h, { projectId: acct.projectId });
    const notReady = await get(`/v1/jobs/${waiting.id}/respostas`);
    expect([notReady.statusCode, notReady.json().detail.code]).toEqual([409, 'result_not_ready']);
    await h.call('POST', `/v1/jobs/${waiting.id}/cancel`, acct.key);
    const unknown = await get(`/v1/jobs/${UNKNOWN}/respostas`);
    expect([unknown.statusCode, unknown.json().detail.code]).toEqual([404, 'not_found']);
    const noScope = await h.call('GET', `/v1/jobs/${UNKNOWN}/respostas`, h.keys.simulator);
    expect([noScope.statusCode, noScope.json().detail.code]).toEqual([403, 'missing_scope']);
  });
});

describe('retention', () => {
  it('refuses findings of a job concluded over 365 days ago with 409 result_not_ready', async () => {
    const { id } = await concludedJob({ nome: 'antigo' });
    expect((await get(`/v1/jobs/${id}/findings`)).statusCode).toBe(200);
    h.clock.advance(366 * 86_400_000);
    const res = await get(`/v1/jobs/${id}/findings`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail.code).toBe('result_not_ready');
  });
});
