// One schema per input: an operation's input JSON Schemas (service/operations/) are the very
// objects its HTTP route declares (and so the OpenAPI document shows) and its MCP tool's input is
// made of (service/mcp/tool-input.ts). A route or a tool that wrote its own copy would fail here.
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswerCache } from '../../../service/http/heavy-read.js';
import { registerOpenApi } from '../../../service/http/openapi.js';
import { calibracaoRoutes } from '../../../service/http/routes/calibracoes.js';
import { diagnosticoRoutes } from '../../../service/http/routes/diagnosticos.js';
import { findingsRoutes } from '../../../service/http/routes/findings.js';
import { jobRoutes } from '../../../service/http/routes/jobs.js';
import { SHARED_SCHEMAS } from '../../../service/http/schemas.js';
import { TOOLS } from '../../../service/mcp/tools.js';
import type { ObjectSchema } from '../../../service/operations/operation.js';
import type { ServiceContext } from '../../../service/service-context.js';

/** The route of each tool that has one (list_releases has none). */
const ROUTE_OF: Record<string, string> = {
  estimate_simulation: 'POST /v1/jobs/estimate', submit_simulation: 'POST /v1/jobs', get_job: 'GET /v1/jobs/:job_id',
  cancel_job: 'POST /v1/jobs/:job_id/cancel', erase_job_data: 'POST /v1/jobs/:job_id/erase',
  get_findings: 'GET /v1/jobs/:job_id/findings', get_answers: 'GET /v1/jobs/:job_id/respostas',
  estimate_calibration: 'POST /v1/calibracoes/estimate', submit_calibration: 'POST /v1/calibracoes', get_calibration: 'GET /v1/calibracoes/:id',
  open_city_diagnosis: 'POST /v1/diagnosticos/:codigo', get_city_diagnosis: 'GET /v1/diagnosticos/:codigo',
  estimate_growth: 'POST /v1/diagnosticos/:codigo/crescimento',
};

let app: FastifyInstance;
const routes = new Map<string, RouteOptions['schema'] & Record<string, unknown>>();
beforeAll(async () => {
  app = Fastify();
  app.addHook('onRoute', (r) => { for (const m of [r.method].flat()) routes.set(`${m} ${r.url}`, r.schema as never); });
  for (const s of SHARED_SCHEMAS) app.addSchema(s);
  await registerOpenApi(app);
  // The handlers are never called: the context is not read.
  const ctx = {} as ServiceContext;
  for (const r of [jobRoutes, findingsRoutes, calibracaoRoutes]) await app.register(r, ctx);
  await app.register(diagnosticoRoutes, { ctx, answers: createAnswerCache() });
  await app.ready();
});
afterAll(async () => { await app?.close(); });

describe('one schema per input', () => {
  it('gives each tool\'s arguments the very schema objects its route declares, field by field', () => {
    expect(TOOLS.map((t) => t.name).filter((n) => n !== 'list_releases').sort()).toEqual(Object.keys(ROUTE_OF).sort());
    for (const tool of TOOLS.filter((t) => t.name in ROUTE_OF)) {
      const route = routes.get(ROUTE_OF[tool.name])!;
      expect(route, tool.name).toBeDefined();
      const fields: Array<[string, unknown]> = [];
      for (const part of ['params', 'querystring', 'headers'] as const) {
        for (const [name, schema] of Object.entries((route[part] as ObjectSchema | undefined)?.properties ?? {})) fields.push([name.replace(/-/g, '_'), schema]);
      }
      if (tool.operation.bodyField) fields.push([tool.operation.bodyField, route.body]);
      else for (const [name, schema] of Object.entries((route.body as ObjectSchema | undefined)?.properties ?? {})) fields.push([name, schema]);
      expect(fields.map(([name]) => name).sort(), tool.name).toEqual(Object.keys(tool.input.properties).sort());
      for (const [name, schema] of fields) expect(tool.input.properties[name], `${tool.name}.${name}`).toBe(schema);
    }
  });

  it('writes the calibration body once: the quote\'s and the submission\'s, over HTTP and MCP', () => {
    const body = routes.get('POST /v1/calibracoes/estimate')!.body as ObjectSchema;
    expect(routes.get('POST /v1/calibracoes')!.body).toBe(body);
    for (const name of ['estimate_calibration', 'submit_calibration']) {
      expect(TOOLS.find((t) => t.name === name)!.input.properties.serie).toBe(body.properties.serie);
    }
    expect(String(body.properties.serie.description)).toContain('150,000');
  });

  it('leaves the operations\' schemas as they are when the OpenAPI document links the contracts into its copy', () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>> };
    expect(doc.paths['/v1/jobs'].post.requestBody!.content['application/json'].schema.properties!.pedido).toEqual({ $ref: '#/components/schemas/CenarioCampanha' });
    const pedido = (routes.get('POST /v1/jobs')!.body as ObjectSchema).properties.pedido;
    expect(pedido.type).toBe('object');
    expect(TOOLS.find((t) => t.name === 'submit_simulation')!.input.properties.pedido).toBe(pedido);
  });
});
