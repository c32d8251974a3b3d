// The city tools of the MCP server (open_city_diagnosis, get_city_diagnosis, estimate_growth)
// through the SDK's own client over real HTTP, on the real PostgreSQL: the same operations as
// the HTTP routes, so the same JSON and the same refusals ("code: message"), and scopes as the
// spec names them (get_city_diagnosis results:read; open_city_diagnosis and estimate_growth
// simulate).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestRelease } from '../../../src/release/release.js';
import { openHarness, type Harness } from '../routes/harness.js';

const BOA_VISTA = '1400100';
const NEWEST = newestRelease();
const POLIGONO = [[-60.70, 2.82], [-60.69, 2.82], [-60.69, 2.83], [-60.70, 2.83]];
const PEDIDO = { versao: 1, municipio: BOA_VISTA, unidades: 500, poligono: POLIGONO };

let h: Harness;
let url: URL;
const clients: Client[] = [];
beforeAll(async () => {
  h = await openHarness('mcp_city');
  url = new URL(`${await h.app.listen({ host: '127.0.0.1', port: 0 })}/mcp`);
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await h?.close();
});

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'mcp-city-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (r: CallToolResult) => (r.content[0] as { text: string }).text;

describe('city tools', () => {
  it('are listed with descriptions a model can act on and the growth request\'s whole schema in pedido', async () => {
    const { tools } = await (await connect(h.keys.reader)).listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('open_city_diagnosis')!.description).toMatch(/Scope: simulate\.$/);
    expect(byName.get('get_city_diagnosis')!.description).toMatch(/Scope: results:read\.$/);
    expect(byName.get('estimate_growth')!.description).toMatch(/Scope: simulate\.$/);
    expect(byName.get('get_city_diagnosis')!.inputSchema.required).toEqual(['codigo']);
    expect(Object.keys(byName.get('get_city_diagnosis')!.inputSchema.properties!)).toEqual(['codigo', 'variavel']);
    const growth = byName.get('estimate_growth')!.inputSchema;
    expect(growth.required).toEqual(['codigo', 'pedido']);
    const pedido = (growth.properties as Record<string, { required: string[]; properties: Record<string, unknown> }>).pedido;
    expect(pedido.required).toEqual(['versao', 'municipio', 'unidades']);
    expect(Object.keys(pedido.properties)).toEqual(['versao', 'municipio', 'unidades', 'poligono', 'setores']);
  });

  it('open, read and estimate: the JSON of the HTTP routes', async () => {
    const client = await connect(h.keys.full);
    const closed = await call(client, 'get_city_diagnosis', { codigo: BOA_VISTA });
    expect(closed.isError).toBe(true);
    expect(textOf(closed)).toMatch(/^diagnosis_not_open: /);

    const opened = await call(client, 'open_city_diagnosis', { codigo: BOA_VISTA });
    expect(opened.isError).toBeFalsy();
    expect(textOf(opened)).toMatch(/^opened: Boa Vista \(1400100\)/);
    const again = await call(client, 'open_city_diagnosis', { codigo: BOA_VISTA });
    expect(textOf(again)).toMatch(/^already open \(same receipt\)/);
    expect(again.structuredContent).toEqual(opened.structuredContent);
    const http = await h.call('POST', `/v1/diagnosticos/${BOA_VISTA}`, h.keys.full);
    expect([http.statusCode, http.json()]).toEqual([200, opened.structuredContent]);

    const summary = await call(client, 'get_city_diagnosis', { codigo: BOA_VISTA });
    expect(summary.isError).toBeFalsy();
    expect(summary.structuredContent).toEqual((await h.call('GET', `/v1/diagnosticos/${BOA_VISTA}`, h.keys.reader)).json());
    expect(textOf(summary)).toMatch(new RegExp(`^diagnosis of Boa Vista \\(1400100\\) at ${NEWEST.replace(/\./g, '\\.')}: \\d+ tracts`));
    const variable = await call(client, 'get_city_diagnosis', { codigo: BOA_VISTA, variavel: 'idosos_60_mais' });
    expect(variable.structuredContent).toMatchObject({ variavel: 'idosos_60_mais', release: NEWEST });

    const estimate = await call(client, 'estimate_growth', { codigo: BOA_VISTA, pedido: PEDIDO });
    expect(estimate.isError).toBeFalsy();
    expect(estimate.structuredContent).toEqual((await h.call('POST', `/v1/diagnosticos/${BOA_VISTA}/crescimento`, h.keys.full, { body: PEDIDO })).json());
    expect(textOf(estimate)).toMatch(/^residentes: /);
  });

  it('refusals: codes as over HTTP, growth codes with their field, arguments outside the schema, scopes', async () => {
    const client = await connect(h.keys.full);
    const unknown = await call(client, 'get_city_diagnosis', { codigo: BOA_VISTA, variavel: 'renda' });
    expect(textOf(unknown)).toMatch(/^unknown_variable: /);
    const growthCode = await call(client, 'estimate_growth', { codigo: BOA_VISTA, pedido: { ...PEDIDO, unidades: 0 } });
    expect(growthCode.isError).toBe(true);
    expect(textOf(growthCode)).toMatch(/^invalid_growth_request: .* \(growth_units_range at unidades\)$/);
    expect(growthCode.structuredContent).toMatchObject({ detail: { code: 'invalid_growth_request', contract_code: 'growth_units_range', field: 'unidades' } });
    const municipality = await call(client, 'open_city_diagnosis', { codigo: '9999999' });
    expect(textOf(municipality)).toMatch(/^municipality_unknown: /);
    const malformed = await call(client, 'open_city_diagnosis', { codigo: '14001' });
    expect(textOf(malformed)).toMatch(/^invalid_request: arguments\.codigo/);

    const reader = await connect(h.keys.reader);
    expect(textOf(await call(reader, 'open_city_diagnosis', { codigo: BOA_VISTA }))).toMatch(/^insufficient_scope: /);
    expect(textOf(await call(reader, 'estimate_growth', { codigo: BOA_VISTA, pedido: PEDIDO }))).toMatch(/^insufficient_scope: /);
    const simulator = await connect(h.keys.simulator);
    expect(textOf(await call(simulator, 'get_city_diagnosis', { codigo: BOA_VISTA }))).toMatch(/^insufficient_scope: /);
  });
});
