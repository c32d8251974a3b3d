// The MCP server at /mcp through the SDK's own client (Client + StreamableHTTPClientTransport)
// over real HTTP on 127.0.0.1, on the real PostgreSQL with a fake clock for keys and budgets.
// A whole job runs with the real engine in an in-process worker.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../service/app.js';
import type { ErrorDetail } from '../../../src/errors.js';
import { createEngineRunJob } from '../../../service/execution/job-runner.js';
import { balance } from '../../../service/accounts/ledger.js';
import { runWorker, type WorkerHandle } from '../../../service/worker/worker.js';
import { weekCampaign } from '../../fixtures/scenarios.js';
import { openHarness, type Harness } from '../routes/harness.js';

let h: Harness;
let url: URL;
const clients: Client[] = [];
beforeAll(async () => {
  h = await openHarness('mcp');
  url = new URL(`${await h.app.listen({ host: '127.0.0.1', port: 0 })}/mcp`);
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await h?.close();
});

async function connect(key: string, at: URL = url): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(at, { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const textOf = (r: CallToolResult) => (r.content[0] as { text: string }).text;
const BOA_VISTA = '1400100';

/** A small RR reception campaign (7 days, one replica) with an answer contract. */
const campaign = (nome: string) => weekCampaign(nome, {
  contrato_de_resposta: {
    versao: 1,
    perguntas: [
      { id: 'quantos-bv', forma: 'quantos', medida: 'alcance', territorio: { municipios: [BOA_VISTA] }, semana: 1 },
      { id: 'quando-bv', forma: 'quando', medida: 'alcance', territorio: { municipios: [BOA_VISTA] }, parte: 0.01 },
      { id: 'onde-rr', forma: 'onde', medida: 'alcance', territorio: { municipios: [BOA_VISTA, '1400159', '1400027'] }, semana: 1 },
      { id: 'tv-vale', forma: 'comparar', variantes: ['plano', 'sem_tv'], pergunta: { id: 'tv-q', forma: 'quantos', medida: 'alcance', territorio: { municipios: [BOA_VISTA] }, semana: 1 } },
    ],
  },
});

describe('tools', () => {
  it('lists the spec\'s tools, each with an input schema and a description', async () => {
    const { tools } = await (await connect(h.keys.reader)).listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'cancel_job', 'erase_job_data', 'estimate_calibration', 'estimate_growth', 'estimate_simulation', 'get_answers', 'get_calibration',
      'get_city_diagnosis', 'get_findings', 'get_job', 'list_releases', 'open_city_diagnosis', 'submit_calibration', 'submit_simulation',
    ]);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe('object');
    }
    const submit = tools.find((t) => t.name === 'submit_simulation')!;
    expect(submit.inputSchema.required).toEqual(['pedido', 'idempotency_key']);
    // The whole scenario contract is advertised in pedido, its $defs at the root.
    expect((submit.inputSchema.properties as Record<string, { required?: string[] }>).pedido.required).toContain('versao_contrato');
    expect(Object.keys(submit.inputSchema.$defs as object)).toContain('contratoDeResposta');
    const findings = tools.find((t) => t.name === 'get_findings')!;
    expect(Object.keys(findings.inputSchema.properties!)).toEqual(['job_id', 'tabela', 'municipio', 'limite']);
  });

  it('lists the releases', async () => {
    const r = await call(await connect(h.keys.reader), 'list_releases');
    expect(r.isError).toBeFalsy();
    const releases = (r.structuredContent as { releases: Array<{ versao: string; mais_nova: boolean; ufs: string[] }> }).releases;
    expect(releases.map((x) => x.versao)).toEqual(['v1.0.0', 'v1.1.0', 'v1.2.0', 'v1.3.0', 'v1.4.0', 'v1.5.0', 'v1.6.0', 'v1.7.0', 'v1.8.0', 'v1.9.0', 'v2.0.0', 'v2.1.0']);
    expect(releases.at(-1)!.mais_nova).toBe(true);
    expect(releases[0].ufs).toContain('RR');
  });

  it('refuses malformed arguments as invalid_request with the validation form, and a bad scenario with its contract code', async () => {
    const client = await connect(h.keys.full);
    const bad = await call(client, 'get_job', { job_id: 'not-a-uuid' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^invalid_request: arguments\.job_id/);
    expect((bad.structuredContent as { detail: Array<{ loc: unknown[]; type: string }> }).detail[0]).toMatchObject({ loc: ['arguments', 'job_id'], type: 'uuid_parsing' });
    const contract = await call(client, 'estimate_simulation', { pedido: { ...campaign('x'), replicas: 21 } });
    expect(contract.isError).toBe(true);
    expect(textOf(contract)).toMatch(/^invalid_request: /);
    expect(contract.structuredContent).toMatchObject({ detail: { code: 'invalid_request', contract_code: 'replicas_range', field: 'replicas' } });
    const unknown = await call(client, 'get_job', { job_id: '3f0e2c4a-9b1d-4c7e-8a2f-5d6b7c8e9f00', verbose: true });
    expect((unknown.structuredContent as { detail: Array<{ loc: unknown[]; type: string }> }).detail[0]).toMatchObject({ loc: ['arguments', 'verbose'], type: 'extra_forbidden' });
    const missing = await call(client, 'get_job', { job_id: '3f0e2c4a-9b1d-4c7e-8a2f-5d6b7c8e9f00' });
    expect(textOf(missing)).toMatch(/^not_found: /);
  });
});

describe('a whole job through the tools', () => {
  let worker: WorkerHandle;
  beforeAll(() => { worker = runWorker(h.store, { runJob: createEngineRunJob({ threads: 1 }), pollMs: 100, sweepMs: 0 }); });
  afterAll(async () => { await worker?.stop(); });

  it('estimates, submits (idempotently, charged once), polls get_job to concluido, reads findings and answers', async () => {
    const client = await connect(h.keys.full);
    const pedido = campaign('mcp A');
    const quote = await call(client, 'estimate_simulation', { pedido });
    expect(quote.isError).toBeFalsy();
    const http = await h.call('POST', '/v1/jobs/estimate', h.keys.full, { body: { pedido } });
    expect(quote.structuredContent).toEqual(http.json());

    const before = await balance(h.store, h.orgId);
    const first = await call(client, 'submit_simulation', { pedido, idempotency_key: 'mcp-a' });
    expect(first.isError).toBeFalsy();
    const job = first.structuredContent as { id: string; estado: string; preco_micros: number };
    expect(job.preco_micros).toBe((quote.structuredContent as { preco_micros: number }).preco_micros);
    expect(textOf(first)).toMatch(/^created: /);
    const again = await call(client, 'submit_simulation', { pedido, idempotency_key: 'mcp-a' });
    expect((again.structuredContent as { id: string }).id).toBe(job.id);
    expect(textOf(again)).toMatch(/charged once/);
    expect(await balance(h.store, h.orgId)).toBe(before - job.preco_micros);
    const reused = await call(client, 'submit_simulation', { pedido: campaign('mcp other'), idempotency_key: 'mcp-a' });
    expect(textOf(reused)).toMatch(/^idempotency_key_reused: /);

    let estado = job.estado;
    const deadline = Date.now() + 200_000;
    while (!['concluido', 'falhou', 'cancelado'].includes(estado)) {
      if (Date.now() > deadline) throw new Error(`job ${job.id} still ${estado}`);
      await new Promise((r) => setTimeout(r, 200));
      const polled = await call(client, 'get_job', { job_id: job.id });
      expect(polled.isError).toBeFalsy();
      estado = (polled.structuredContent as { estado: string }).estado;
    }
    expect(estado).toBe('concluido');
    const httpJob = await h.call('GET', `/v1/jobs/${job.id}`, h.keys.full);
    expect((await call(client, 'get_job', { job_id: job.id })).structuredContent).toEqual(httpJob.json());
    expect(await balance(h.store, h.orgId)).toBe(before - job.preco_micros);

    // A single municipio is read as a one-item list, as in the HTTP query.
    const findings = await call(client, 'get_findings', { job_id: job.id, tabela: 'saturacao', municipio: BOA_VISTA, limite: 5 });
    expect(findings.isError).toBeFalsy();
    const table = findings.structuredContent as { tabela: string; linhas: Array<{ municipio: string }> };
    expect(table.tabela).toBe('saturacao');
    expect(table.linhas.length).toBe(5);
    for (const row of table.linhas) expect(row.municipio).toBe(BOA_VISTA);
    const httpTable = await h.call('GET', `/v1/jobs/${job.id}/findings?tabela=saturacao&municipio=${BOA_VISTA}&limite=5`, h.keys.full);
    expect(findings.structuredContent).toEqual(httpTable.json());

    const answers = await call(client, 'get_answers', { job_id: job.id });
    expect(answers.isError).toBeFalsy();
    const respostas = (answers.structuredContent as { respostas: Array<Record<string, unknown>> }).respostas;
    expect(respostas.map((a) => [a.id, a.forma])).toEqual([['quantos-bv', 'quantos'], ['quando-bv', 'quando'], ['onde-rr', 'onde'], ['tv-vale', 'comparar']]);
    expect(respostas[0]).toMatchObject({ semana: 1, territorio: { municipios: [BOA_VISTA] } });
    expect(respostas[0].retida === true || (respostas[0].n as number) >= 5).toBe(true);
    expect((respostas[2].ranking as unknown[]).length).toBe(3);
    expect(respostas[3]).toMatchObject({ variantes: ['plano', 'sem_tv'], a: { forma: 'quantos' }, b: { forma: 'quantos' } });
    expect(textOf(answers)).toContain('quantos-bv: ');
    const httpAnswers = await h.call('GET', `/v1/jobs/${job.id}/respostas`, h.keys.reader);
    expect(httpAnswers.statusCode).toBe(200);
    expect(answers.structuredContent).toEqual(httpAnswers.json());

    const erased = await call(client, 'erase_job_data', { job_id: job.id });
    expect(erased.isError).toBeFalsy();
    expect(textOf(await call(client, 'get_answers', { job_id: job.id }))).toMatch(/^result_not_ready: /);
  }, 300_000);
});

describe('credentials and scopes', () => {
  it('answers HTTP 401 with WWW-Authenticate: Bearer naming its resource metadata without any credential, before any tool', async () => {
    const raw = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${new URL(url).origin}/.well-known/oauth-protected-resource/mcp"`);
    expect(((await raw.json()) as { detail: ErrorDetail }).detail.code).toBe('unauthorized');
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow(/401|Unauthorized/i);
  });

  // Spec "Errors", MCP: HTTP 401 only without any credential; any API key that is not valid,
  // whatever its form, reaches the tools (issue 32: a malformed one got 401 before any tool).
  it.each([
    ['of the right form', 'svc_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['of a wrong form', 'svc_wrong'],
    ['that is any other text', 'wrong'],
  ])('answers unauthorized to a tool called with a key %s that is not valid', async (_form, key) => {
    const r = await call(await connect(key), 'get_job', { job_id: '3f0e2c4a-9b1d-4c7e-8a2f-5d6b7c8e9f00' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^unauthorized: /);
  });

  it('answers insufficient_scope to a simulate tool called with a results:read key, without counting it', async () => {
    const key = await h.newKey(['results:read']);
    const client = await connect(key);
    const before = Number((await h.call('GET', '/v1/whoami', key)).headers['ratelimit-remaining']);
    for (const [name, args] of [['submit_simulation', { pedido: campaign('x'), idempotency_key: 'k' }], ['cancel_job', { job_id: '3f0e2c4a-9b1d-4c7e-8a2f-5d6b7c8e9f00' }]] as const) {
      const r = await call(client, name, args);
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/^insufficient_scope: /);
      expect(r.structuredContent).toMatchObject({ detail: { code: 'insufficient_scope' } });
    }
    expect(Number((await h.call('GET', '/v1/whoami', key)).headers['ratelimit-remaining'])).toBe(before - 1);
  });
});

describe('call budgets shared with the API', () => {
  let small: FastifyInstance;
  let smallUrl: URL;
  beforeAll(async () => {
    // The same store and fake clock, with a budget of 4 calls per key per hour.
    small = await buildApp({ store: h.store, clock: h.clock, rateLimits: { perKeyPerHour: 4 } });
    smallUrl = new URL(`${await small.listen({ host: '127.0.0.1', port: 0 })}/mcp`);
  });
  afterAll(async () => { await small?.close(); });

  it('counts tool calls and API calls of one key against one hourly budget', async () => {
    const key = await h.newKey(['results:read', 'simulate']);
    const client = await connect(key, smallUrl);
    const api = () => small.inject({ method: 'GET', url: '/v1/whoami', headers: { authorization: `Bearer ${key}` } });
    expect((await api()).headers['ratelimit-remaining']).toBe('3');
    expect((await call(client, 'list_releases')).isError).toBeFalsy();
    expect((await api()).headers['ratelimit-remaining']).toBe('1');
    expect((await call(client, 'list_releases')).isError).toBeFalsy();
    // Five calls: the budget of 4 is spent, on both surfaces.
    const over = await call(client, 'list_releases');
    expect(over.isError).toBe(true);
    expect(textOf(over)).toMatch(/^query_budget_exceeded: /);
    const apiOver = await api();
    expect(apiOver.statusCode).toBe(429);
    expect(apiOver.json().detail.code).toBe('query_budget_exceeded');
    // The sliding hour passes on the fake clock: both surfaces answer again.
    h.clock.advance(3600_000 + 2000);
    expect((await call(client, 'list_releases')).isError).toBeFalsy();
    expect((await api()).statusCode).toBe(200);
  });
});
