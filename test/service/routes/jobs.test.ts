// Simulation job routes through the real app on the real PostgreSQL: quote, submit with
// Idempotency-Key, credits and spend limit, list, read, cancel, erase, and their error codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSpendLimit } from '../../../service/accounts/accounts.js';
import { claimNextJob } from '../../../service/jobs/queue.js';
import { balance } from '../../../service/accounts/ledger.js';
import { quoteSimulation, validateScenario } from '../../../src/contract/index.js';
import { httpScenario } from '../../fixtures/scenarios.js';
import { insertJob, openHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await openHarness('jobs'); });
afterAll(async () => { await h?.close(); });

const UNKNOWN = '3f0e2c4a-9b1d-4c7e-8a2f-5d6b7c8e9f00';
const expectedQuote = () => quoteSimulation(validateScenario(httpScenario()));

function submit(key: string, pedido: unknown, idem: string) {
  return h.call('POST', '/v1/jobs', key, { body: { pedido }, headers: { 'idempotency-key': idem } });
}

describe('POST /v1/jobs/estimate', () => {
  it('quotes a valid scenario with every field of the spec and reserves nothing', async () => {
    const before = await balance(h.store, h.orgId);
    const res = await h.call('POST', '/v1/jobs/estimate', h.keys.simulator, { body: { pedido: httpScenario() } });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q).toEqual(expectedQuote());
    expect(q).toMatchObject({ release: 'v1.0.0', ufs: ['RR'], dias: 14, replicas: 2 });
    // Plan, and per channel of 4 channels: without it and 10% less (DESIGN 4) gives 9 variants.
    expect(q.variantes).toBe(9);
    expect(q.preco_micros).toBeGreaterThan(0);
    expect(await balance(h.store, h.orgId)).toBe(before);
  });

  it('states the GRPs of each channel period in the quote (extension plano_grp) on a release with exposure propensities', async () => {
    const res = await h.call('POST', '/v1/jobs/estimate', h.keys.simulator, { body: { pedido: httpScenario({ release: 'v2.0.0' }) } });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q.plano_grp.periodos).toHaveLength((httpScenario().canais as unknown[]).length);
    expect(q.plano_grp.periodos[0]).toEqual(expect.objectContaining({ canal: expect.any(String), grp: expect.any(Number), grp_semana: expect.any(Number) }));
    expect(q.plano_grp.semanas.length).toBeGreaterThan(0);
  });

  it('refuses a scenario outside the contract with 422 invalid_request, contract_code and field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ replicas: 21 }, 'replicas_range', 'replicas'],
      [{ cor: 'azul' }, 'unknown_field', 'cor'],
      [{ versao_contrato: 4 }, 'contract_version_unsupported', 'versao_contrato'],
      [{ geografia: { ufs: ['XX'] } }, 'uf_unknown', 'geografia.ufs[0]'],
    ];
    for (const [change, code, field] of cases) {
      const res = await h.call('POST', '/v1/jobs/estimate', h.keys.full, { body: { pedido: httpScenario(change) } });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      const d = res.json().detail;
      expect(d).toMatchObject({ code: 'invalid_request', contract_code: code, field });
      expect(typeof d.message).toBe('string');
    }
  });

  it('refuses a release that is not offered with 422 release_unavailable', async () => {
    const res = await h.call('POST', '/v1/jobs/estimate', h.keys.full, { body: { pedido: httpScenario({ release: 'v9.9.9' }) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.code).toBe('release_unavailable');
  });
});

describe('POST /v1/jobs', () => {
  it('creates the job (201), reserves its price, and returns the same job (200, Idempotent-Replayed: true) for the same key, charged once', async () => {
    const before = await balance(h.store, h.orgId);
    const first = await submit(h.keys.full, httpScenario(), 'campanha-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const job = first.json();
    expect(job).toMatchObject({
      project_id: h.projectId, estado: 'reservado', tipo: 'simulacao', nome: 'Campanha de teste RR',
      preco_micros: expectedQuote().preco_micros, apagamento_pedido_em: null,
    });
    expect(job.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(job.criado_em).toISOString()).toBe(job.criado_em);
    expect(typeof job.registro).toBe('object');
    expect(await balance(h.store, h.orgId)).toBe(before - job.preco_micros);

    // Same request written differently (key order, contract version 2): same normalised scenario.
    const { versao_contrato: _v, ...rest } = httpScenario();
    const reordered = Object.fromEntries(Object.entries({ ...rest, versao_contrato: 2 }).reverse());
    const again = await submit(h.keys.full, reordered, 'campanha-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(job);
    expect(await balance(h.store, h.orgId)).toBe(before - job.preco_micros);
  });

  it('refuses the same key with a different request: 409 idempotency_key_reused', async () => {
    await submit(h.keys.full, httpScenario(), 'campanha-2');
    const res = await submit(h.keys.full, httpScenario({ replicas: 3 }), 'campanha-2');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail.code).toBe('idempotency_key_reused');
  });

  it('creates one job and one reservation for 20 concurrent submissions with one key', async () => {
    const before = await balance(h.store, h.orgId);
    const all = await Promise.all(Array.from({ length: 20 }, () => submit(h.keys.full, httpScenario({ nome: 'concorrente' }), 'concorrente')));
    const statuses = all.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(18).fill(200), 201].sort());
    expect(new Set(all.map((r) => r.json().id)).size).toBe(1);
    expect(await balance(h.store, h.orgId)).toBe(before - all[0].json().preco_micros);
  });

  it('refuses a contract breach before charging anything', async () => {
    const before = await balance(h.store, h.orgId);
    const res = await submit(h.keys.full, httpScenario({ canais: [] }), 'vazio');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.code).toBe('invalid_request');
    expect(await balance(h.store, h.orgId)).toBe(before);
  });

  it('refuses with 402 insufficient_credits when the organization lacks the price', async () => {
    const poor = await h.newAccount(10);
    const res = await submit(poor.key, httpScenario(), 'pobre');
    expect(res.statusCode).toBe(402);
    expect(res.json().detail.code).toBe('insufficient_credits');
    expect(await balance(h.store, poor.orgId)).toBe(10);
  });

  it('refuses with 402 spend_limit_reached when the job would pass the monthly spend limit', async () => {
    const limited = await h.newAccount(1_000_000_000);
    const price = expectedQuote().preco_micros;
    await setSpendLimit(h.store, limited.orgId, Math.floor(price * 1.5));
    expect((await submit(limited.key, httpScenario(), 'limite-1')).statusCode).toBe(201);
    const res = await submit(limited.key, httpScenario({ nome: 'segundo' }), 'limite-2');
    expect(res.statusCode).toBe(402);
    expect(res.json().detail.code).toBe('spend_limit_reached');
  });
});

describe('GET /v1/jobs and GET /v1/jobs/{job_id}', () => {
  it('reads a job of the project; 404 not_found for an unknown job and for a job of another project', async () => {
    const job = await insertJob(h);
    const res = await h.call('GET', `/v1/jobs/${job.id}`, h.keys.reader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: job.id, estado: 'reservado', project_id: h.projectId });

    const unknown = await h.call('GET', `/v1/jobs/${UNKNOWN}`, h.keys.reader);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail.code).toBe('not_found');
    const other = await h.newAccount(0);
    const foreign = await h.call('GET', `/v1/jobs/${job.id}`, other.key);
    expect(foreign.statusCode).toBe(404);
  });

  it('lists the 50 most recent jobs, newest first, each item the Job of GET /v1/jobs/{job_id}; filters estado and tipo', async () => {
    const acct = await h.newAccount(1_000_000_000);
    const made = [];
    for (let i = 0; i < 53; i++) {
      made.push(await insertJob(h, { projectId: acct.projectId, tipo: i === 52 ? 'calibracao' : 'simulacao' }));
      h.clock.advance(1000);
    }
    const res = await h.call('GET', '/v1/jobs', acct.key);
    expect(res.statusCode).toBe(200);
    const { jobs } = res.json();
    expect(jobs).toHaveLength(50);
    expect(jobs.map((j: { id: string }) => j.id)).toEqual(made.slice(3).reverse().map((j) => j.id));
    const one = await h.call('GET', `/v1/jobs/${jobs[0].id}`, acct.key);
    expect(jobs[0]).toEqual(one.json());

    await h.call('POST', `/v1/jobs/${made[0].id}/cancel`, acct.key);
    const cancelled = (await h.call('GET', '/v1/jobs?estado=cancelado', acct.key)).json().jobs;
    expect(cancelled.map((j: { id: string }) => j.id)).toEqual([made[0].id]);
    const calib = (await h.call('GET', '/v1/jobs?tipo=calibracao&estado=reservado', acct.key)).json().jobs;
    expect(calib.map((j: { id: string }) => j.id)).toEqual([made[52].id]);
  });
});

describe('cancel and erase', () => {
  it('cancels a reservado job and returns the reservation whole; a second cancel is 409 job_not_cancellable', async () => {
    const before = await balance(h.store, h.orgId);
    const created = (await submit(h.keys.full, httpScenario({ nome: 'cancelar' }), 'cancelar')).json();
    expect(await balance(h.store, h.orgId)).toBe(before - created.preco_micros);
    const res = await h.call('POST', `/v1/jobs/${created.id}/cancel`, h.keys.simulator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, estado: 'cancelado' });
    expect(await balance(h.store, h.orgId)).toBe(before);
    const again = await h.call('POST', `/v1/jobs/${created.id}/cancel`, h.keys.simulator);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail.code).toBe('job_not_cancellable');
    const unknown = await h.call('POST', `/v1/jobs/${UNKNOWN}/cancel`, h.keys.simulator);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses to cancel a job that has a machine (409 job_not_cancellable) and to erase it (409 job_not_erasable)', async () => {
    const acct = await h.newAccount(1_000_000_000);
    const job = await insertJob(h, { projectId: acct.projectId });
    let claimed = await claimNextJob(h.store, 'w-test');
    while (claimed && claimed.id !== job.id) claimed = await claimNextJob(h.store, 'w-test');
    expect(claimed?.id).toBe(job.id);
    const cancel = await h.call('POST', `/v1/jobs/${job.id}/cancel`, acct.key);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().detail.code).toBe('job_not_cancellable');
    const erase = await h.call('POST', `/v1/jobs/${job.id}/erase`, acct.key);
    expect(erase.statusCode).toBe(409);
    expect(erase.json().detail.code).toBe('job_not_erasable');
  });

  it('erases a terminal job: registro.apagado_em set; a reservado job is 409 job_not_erasable', async () => {
    const job = (await submit(h.keys.full, httpScenario({ nome: 'apagar' }), 'apagar')).json();
    const early = await h.call('POST', `/v1/jobs/${job.id}/erase`, h.keys.full);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail.code).toBe('job_not_erasable');
    // A client sending Content-Type: application/json with no body is fine on these routes.
    const cancel = await h.app.inject({
      method: 'POST', url: `/v1/jobs/${job.id}/cancel`,
      headers: { authorization: `Bearer ${h.keys.full}`, 'content-type': 'application/json' },
    });
    expect(cancel.statusCode).toBe(200);
    const erased = await h.call('POST', `/v1/jobs/${job.id}/erase`, h.keys.full);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ id: job.id, estado: 'cancelado' });
    expect(new Date(erased.json().registro.apagado_em).getTime()).toBe(h.clock.now().getTime());
    const read = await h.call('GET', `/v1/jobs/${job.id}`, h.keys.reader);
    expect(read.json().registro.apagado_em).toBe(erased.json().registro.apagado_em);
    const unknown = await h.call('POST', `/v1/jobs/${UNKNOWN}/erase`, h.keys.full);
    expect(unknown.statusCode).toBe(404);
  });
});
