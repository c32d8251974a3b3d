// Issue 59 over HTTP: renaming an organization, the spend alert (its setting, the console's notice
// and the one log line a month when a job's reservation reaches it), a dialog asked for without
// script (?confirmar=), and the closed organization without forms.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../service/app.js';
import { addMember, getOrganization } from '../../../service/accounts/accounts.js';
import { closeOrganization, reopenOrganization } from '../../../service/accounts/deletion.js';
import { createPerson } from '../../../service/accounts/people.js';
import { httpScenario } from '../../fixtures/scenarios.js';
import { openHarness, type Harness } from '../routes/harness.js';
import { FormClient } from './form-client.js';

let h: Harness;
let app: FastifyInstance;
const lines: string[] = [];
let owner: FormClient;
let member: FormClient;
beforeAll(async () => {
  h = await openHarness('console_settings');
  // the app's log, as the service writes it (warn and above)
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  app = await buildApp({ store: h.store, clock: h.clock, logger: { level: 'warn', stream } });
  for (const [email, papel] of [['dona@exemplo.org', 'owner'], ['membro@exemplo.org', 'member']] as const) {
    await createPerson(h.store, email, 'senha-de-teste');
    await addMember(h.store, { organizationId: h.orgId, email, papel });
  }
  owner = new FormClient({ ...h, app });
  await owner.submit('/console/entrar', '/console/entrar', { email: 'dona@exemplo.org', senha: 'senha-de-teste' });
  member = new FormClient({ ...h, app });
  await member.submit('/console/entrar', '/console/entrar', { email: 'membro@exemplo.org', senha: 'senha-de-teste' });
});
afterAll(async () => { await app?.close(); await h?.close(); });

const org = () => `/console/organizacoes/${h.orgId}`;
const submit = (key: string) => app.inject({
  method: 'POST', url: '/v1/jobs', payload: { pedido: httpScenario() },
  headers: { authorization: `Bearer ${h.keys.full}`, 'idempotency-key': key },
});

describe('issue 59: organization settings', () => {
  it('renames the organization; an empty or too long name is refused beside the field; a member may not', async () => {
    const done = await owner.submit(org(), `${org()}/nome`, { nome: '  Instituto Renomeado  ' });
    expect(done.body).toContain('Organização renomeada: Instituto Renomeado.');
    expect((await getOrganization(h.store, h.orgId)).nome).toBe('Instituto Renomeado');
    expect(done.body).toMatch(/<h1>Instituto Renomeado<\/h1>/);
    const empty = await owner.submit(org(), `${org()}/nome`, { nome: '   ' });
    expect(FormClient.invalid(empty, 'org_nome')).toBe(true);
    expect(empty.body).toContain('Informe o nome da organização.');
    const long = await owner.submit(org(), `${org()}/nome`, { nome: 'x'.repeat(121) });
    expect(long.body).toContain('Use no máximo 120 caracteres.');
    expect(FormClient.value(long, 'org_nome')).toBe('x'.repeat(121));
    expect((await member.submit(org(), `${org()}/nome`, { nome: 'Outro' })).statusCode).toBe(403);
    expect((await member.go('GET', org())).body).not.toContain('action="/console/organizacoes/' + h.orgId + '/nome"');
  });

  it('sets a spend alert; the console says it once the month reaches it, and the log says it once a month', async () => {
    const creditos = `${org()}/creditos`;
    const bad = await owner.submit(creditos, `${org()}/alerta`, { parte: '150' });
    expect(FormClient.invalid(bad, 'alerta_parte')).toBe(true);
    expect((await owner.submit(creditos, `${org()}/alerta`, { parte: 'metade' })).body).toContain('Informe uma porcentagem inteira de 1 a 100');
    expect((await member.submit(creditos, `${org()}/alerta`, { parte: '50' })).statusCode).toBe(403);
    // the price of one job sets the scale: a limit of 3 prices, the alert at 50%
    const quote = (await app.inject({ method: 'POST', url: '/v1/jobs/estimate', payload: { pedido: httpScenario() }, headers: { authorization: `Bearer ${h.keys.full}` } })).json() as { preco_micros: number };
    const price = quote.preco_micros;
    expect(price).toBeGreaterThan(0);
    await owner.submit(creditos, `${org()}/limite`, { limite: String((3 * price) / 1e6).replace('.', ',') });
    const set = await owner.submit(creditos, `${org()}/alerta`, { parte: '50 %' });
    expect(set.body).toContain('Alerta de gasto em 50% do limite mensal.');
    expect(set.body).not.toContain('id="alerta-gasto"');

    expect((await submit('alerta-1')).statusCode).toBe(201);
    expect((await owner.go('GET', org())).body).not.toContain('id="alerta-gasto"');
    expect(lines.filter((l) => l.includes('spend alert'))).toHaveLength(0);
    expect((await submit('alerta-2')).statusCode).toBe(201);
    // 2 of 3 prices: 66% of the limit, past 50%, on every tab
    for (const tab of ['', '/membros', '/creditos', '/perigo']) {
      expect((await owner.go('GET', `${org()}${tab}`)).body).toMatch(/id="alerta-gasto">Alerta de gasto: neste mês já foram gastos R\$ [\d.,]+, 66% do limite mensal de R\$ [\d.,]+ \(o alerta é em 50%\)/);
    }
    const said = lines.filter((l) => l.includes('spend alert')).map((l) => JSON.parse(l) as { level: number; alerta_gasto: Record<string, unknown> });
    expect(said).toHaveLength(1);
    expect(said[0].level).toBe(40);
    expect(said[0].alerta_gasto).toEqual({ organization_id: h.orgId, parte: 50, gasto_micros: 2 * price, limite_micros: 3 * price });
    expect((await submit('alerta-3')).statusCode).toBe(201);
    expect(lines.filter((l) => l.includes('spend alert'))).toHaveLength(1);
    // off again
    expect((await owner.submit(creditos, `${org()}/alerta`, { parte: '' })).body).toContain('Alerta de gasto desligado.');
  });

  it('opens a dialog asked for by its link (no script): the page with that dialog open, the others closed', async () => {
    const perigo = `/console/projetos/${h.projectId}/perigo`;
    const asked = await owner.go('GET', `${perigo}?confirmar=arquivar-projeto`);
    expect(asked.body).toMatch(/<dialog class="dialogo" id="arquivar-projeto" aria-labelledby="arquivar-projeto-titulo" open>/);
    expect(asked.body).toMatch(/<dialog class="dialogo" id="excluir-projeto" aria-labelledby="excluir-projeto-titulo">/);
    expect(asked.body).toContain(`<a class="botao secundario" href="${perigo}" data-fechar>Cancelar</a>`);
    const plain = await owner.go('GET', perigo);
    expect(plain.body).not.toMatch(/<dialog[^>]* open>/);
  });

  it('a closed organization shows no form on its tabs but the reopening', async () => {
    await closeOrganization(h.store, h.orgId);
    for (const tab of ['', '/membros', '/creditos']) {
      const page = await owner.go('GET', `${org()}${tab}`);
      expect(page.body).toContain('id="fechada"');
      expect(page.body.slice(page.body.indexOf('<main')).match(/<form /g) ?? []).toEqual([]);
    }
    expect((await owner.go('GET', `${org()}/perigo`)).body).toContain('Reabrir organização');
    await reopenOrganization(h.store, h.orgId);
  });
});
