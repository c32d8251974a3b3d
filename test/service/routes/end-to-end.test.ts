// End to end on the real PostgreSQL: a small RR campaign submitted over HTTP is run by an
// in-process worker with the real engine (simulate + combineReplicas), and its findings,
// per-tract events and a comparison are read back over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../service/accounts/ledger.js';
import { runWorker, type WorkerHandle } from '../../../service/worker/worker.js';
import { createEngineRunJob } from '../../../service/execution/job-runner.js';
import { weekCampaign } from '../../fixtures/scenarios.js';
import { openHarness, type Harness } from './harness.js';

let h: Harness;
let worker: WorkerHandle;
beforeAll(async () => {
  h = await openHarness('e2e');
  worker = runWorker(h.store, { runJob: createEngineRunJob({ threads: 1 }), pollMs: 100, sweepMs: 0 });
});
afterAll(async () => {
  await worker?.stop();
  await h?.close();
});

const small = (nome: string) => weekCampaign(nome, { saida_por_setor: true });

async function waitForEnd(id: string): Promise<{ estado: string; registro: Record<string, unknown> }> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const job = (await h.call('GET', `/v1/jobs/${id}`, h.keys.reader)).json();
    if (['concluido', 'falhou', 'cancelado'].includes(job.estado)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.estado}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a campaign from submission to findings', () => {
  it('runs a submitted RR scenario with the engine and serves its findings, tracts and comparison', async () => {
    const before = await balance(h.store, h.orgId);
    const submitted = await h.call('POST', '/v1/jobs', h.keys.full, { body: { pedido: small('e2e A') }, headers: { 'idempotency-key': 'e2e-a' } });
    expect(submitted.statusCode).toBe(201);
    const id = submitted.json().id as string;
    const price = submitted.json().preco_micros as number;

    const ended = await waitForEnd(id);
    expect(ended.estado, JSON.stringify(ended.registro)).toBe('concluido');
    // The reservation became spend: the balance stays lowered by the price, once.
    expect(await balance(h.store, h.orgId)).toBe(before - price);

    const saturacao = await h.call('GET', `/v1/jobs/${id}/findings`, h.keys.reader);
    expect(saturacao.statusCode).toBe(200);
    const table = saturacao.json();
    expect(table.tabela).toBe('saturacao');
    expect(table.linhas.length).toBeGreaterThan(0);
    expect(table.municipios['1400100']).toBe('Boa Vista');

    const contribuicao = await h.call('GET', `/v1/jobs/${id}/findings?tabela=contribuicao&municipio=1400100`, h.keys.reader);
    expect(contribuicao.statusCode).toBe(200);
    for (const row of contribuicao.json().linhas) expect(row.municipio).toBe('1400100');

    const setores = await h.call('GET', `/v1/jobs/${id}/setores?municipio=1400100`, h.keys.reader);
    expect(setores.statusCode).toBe(200);
    expect(setores.json().municipio).toBe('1400100');
    expect(setores.json().total).toBeGreaterThan(0);

    const second = await h.call('POST', '/v1/jobs', h.keys.full, { body: { pedido: small('e2e B') }, headers: { 'idempotency-key': 'e2e-b' } });
    const idB = second.json().id as string;
    expect((await waitForEnd(idB)).estado).toBe('concluido');
    const compare = await h.call('GET', `/v1/jobs/compare?a=${id}&b=${idB}`, h.keys.reader);
    expect(compare.statusCode).toBe(200);
    // Same comparison group and the same plan: common random numbers make every difference zero.
    expect(compare.json().mesmo_grupo_comparacao).toBe(true);
    const linhas = compare.json().tabelas.saturacao.linhas as Array<{ diferenca: unknown }>;
    expect(linhas.length).toBeGreaterThan(0);
    const differences = linhas.flatMap((l) => Object.values((l.diferenca ?? {}) as Record<string, number | null>)).filter((v) => v !== null);
    expect(differences.length).toBeGreaterThan(0);
    for (const v of differences) expect(v).toBe(0);
  }, 300_000);
});
