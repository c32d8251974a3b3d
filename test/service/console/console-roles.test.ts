// Every console action under every role, over HTTP (the table of console-roles.ts), and the keys
// and credits pages end to end: a key made on the page works on /v1/whoami, a rotation with grace
// keeps the old key until it stops, a revoked key is 401, a monthly limit set on the page makes a
// submission 402.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, type MemberRole } from '../../../service/accounts/accounts.js';
import { CONSOLE_ACTIONS, type ConsoleAction } from '../../../service/accounts/roles.js';
import { recordConnection } from '../../../service/oauth/agent-connections.js';
import { createPerson } from '../../../service/accounts/people.js';
import { KEY_TTL_SERVER_MS } from '../../../service/store/read-cache.js';
import { concludeNext, insertJob, openHarness, type Harness } from '../routes/harness.js';
import { FormClient } from './form-client.js';

let h: Harness;
const as: Partial<Record<MemberRole | 'stranger', FormClient>> = {};
beforeAll(async () => {
  h = await openHarness('console_roles', 0);
  for (const role of ['owner', 'admin', 'member', 'reader', 'stranger'] as const) {
    const email = `${role}@exemplo.org`;
    await createPerson(h.store, email, 'senha-de-teste');
    if (role !== 'stranger') await addMember(h.store, { organizationId: h.orgId, email, papel: role });
    const c = new FormClient(h);
    await c.submit('/console/entrar', '/console/entrar', { email, senha: 'senha-de-teste' });
    as[role] = c;
  }
});
afterAll(async () => { await h?.close(); });

const orgPage = () => `/console/organizacoes/${h.orgId}`;
const projectPage = () => `/console/projetos/${h.projectId}`;
/** The settings' tabs (service/console/settings-tabs.ts): each form's POST comes back to its tab. */
const orgTab = (tab: 'membros' | 'creditos' | 'perigo') => `${orgPage()}/${tab}`;
const projectTab = (tab: 'webhook' | 'perigo') => `${projectPage()}/${tab}`;

/** Key names made so far (each key a new name: a name already in use is refused). */
let keyNames = 0;
/** One POST of each action, with a valid form. */
const ACTION_POSTS: Record<Exclude<ConsoleAction, 'ver' | 'desconectar_agente'>, () => [string, string, Record<string, string>]> = {
  criar_projeto: () => [orgPage(), `${orgPage()}/projetos`, { nome: 'Novo' }],
  arquivar_projeto: () => [projectTab('perigo'), `${projectPage()}/arquivar`, {}],
  gerir_chaves: () => [projectPage(), `${projectPage()}/chaves`, { nome: `k${++keyNames}`, scopes: 'results:read', duracao: '30' }],
  definir_limite: () => [orgTab('creditos'), `${orgPage()}/limite`, { limite: '' }],
  renomear_organizacao: () => [orgPage(), `${orgPage()}/nome`, { nome: 'Org console_roles' }],
  adicionar_creditos: () => [orgTab('creditos'), `${orgPage()}/creditos`, { valor: '1' }],
  excluir_projeto: () => [projectTab('perigo'), `${orgPage()}/projetos/${h.projectId}/excluir`, { confirmacao: 'Org console_roles project' }],
  fechar_organizacao: () => [orgTab('perigo'), `${orgPage()}/fechar`, { confirmacao: 'Org console_roles' }],
  convidar: () => [orgTab('membros'), `${orgPage()}/convites`, { email: 'novo@exemplo.org', papel: 'reader' }],
  gerir_webhook: () => [projectTab('webhook'), `${projectPage()}/webhook`, { url: 'https://93.184.216.34/hook' }],
  gerir_membros: () => [orgTab('membros'), `${orgPage()}/membros`, { email: 'reader@exemplo.org', papel: 'reader', acao: 'mudar' }],
  // an intensity the contract refuses: the submission comes back to the form (a 303 there) and
  // spends nothing, so the credits and the month's spend the next tests read stay as they are
  simular: () => [`${projectPage()}/simulacoes/nova?modelo=aviso-de-falta-de-agua&uf=RR`, `${projectPage()}/simulacoes`, {
    modelo: 'aviso-de-falta-de-agua', uf: 'RR', nome: 'Aviso', dias: '14', replicas: '1', chave: randomUUID(),
    canal_radio: 'on', radio_inicio: '1', radio_fim: '14', radio_intensidade: '1,5',
  }],
};
/** Actions that end on another page (the new project's; the organization's, the project being gone; the simulation form, refused): a 303 there. */
const LEAVES_THE_PAGE: ConsoleAction[] = ['criar_projeto', 'excluir_projeto', 'simular'];
/** What puts an allowed action back, so the next role finds the same state. */
const UNDO: Partial<Record<ConsoleAction, () => [string, string]>> = {
  arquivar_projeto: () => [projectTab('perigo'), `${projectPage()}/restaurar`],
  excluir_projeto: () => [orgPage(), `${orgPage()}/projetos/${h.projectId}/desfazer`],
  fechar_organizacao: () => [orgTab('perigo'), `${orgPage()}/reabrir`],
};

describe('console roles', () => {
  it('lets each role do exactly what the table says, and strangers nothing', async () => {
    for (const role of ['owner', 'admin', 'member', 'reader', 'stranger'] as const) {
      const c = as[role]!;
      expect((await c.go('GET', orgPage())).statusCode, `${role} sees the organization`).toBe(role === 'stranger' ? 404 : 200);
      for (const [action, post] of Object.entries(ACTION_POSTS) as Array<[Exclude<ConsoleAction, 'ver' | 'desconectar_agente'>, () => [string, string, Record<string, string>]]>) {
        const [page, url, form] = post();
        if (role === 'stranger') {
          // a stranger gets no page to take a token from: it posts with one of its own pages
          const token = FormClient.token(await c.go('GET', '/console/conta'));
          expect((await c.go('POST', url, { _csrf: token, ...form })).statusCode, `${role} ${action}`).toBe(404);
          continue;
        }
        const res = await c.submit(page, url, form);
        const allowed = (CONSOLE_ACTIONS[action] as readonly string[]).includes(role);
        expect(res.statusCode, `${role} ${action}`).toBe(allowed ? (LEAVES_THE_PAGE.includes(action) ? 303 : 200) : 403);
        // a refusal by role says who may, not that the form expired (issue 32)
        if (!allowed) {
          expect(res.body, `${role} ${action}`).not.toContain('O formulário expirou');
          // in words: the person's role and the roles that may (labels.ts), not their codes
          expect(res.body, `${role} ${action}`).toMatch(new RegExp(`Seu papel \\(${({ owner: 'proprietário', admin: 'administrador', member: 'membro', reader: 'leitor' })[role]}\\) não permite isto; pode: proprietário`));
        }
        const undo = UNDO[action];
        if (allowed && undo) expect((await c.submit(...undo(), {})).statusCode, `${role} undoes ${action}`).toBe(200);
      }
    }
  });

  it('lets each role disconnect an agent someone else connected exactly as the table says', async () => {
    for (const role of ['owner', 'admin', 'member', 'reader', 'stranger'] as const) {
      const id = await recordConnection(h.store, {
        grantId: `grant-${role}`, projectId: h.projectId, email: 'someone@exemplo.org', clientId: 'c', clienteNome: 'Agente', scopes: ['results:read'],
      });
      const c = as[role]!;
      const token = FormClient.token(await c.go('GET', '/console/conta'));
      const res = await c.go('POST', `/console/agentes/${id}/desconectar`, { _csrf: token });
      const allowed = (CONSOLE_ACTIONS.desconectar_agente as readonly string[]).includes(role);
      expect(res.statusCode, role).toBe(role === 'stranger' ? 404 : allowed ? 303 : 403);
      if (allowed && role !== 'stranger') expect((await c.go('GET', '/console/agentes')).body, role).toContain('Agente desconectado');
    }
  });

  it('makes a key that works, rotates it with grace, revokes it; a monthly limit then refuses with 402', async () => {
    const owner = as.owner!;
    const made = await owner.submit(projectPage(), `${projectPage()}/chaves`, { nome: 'painel', scopes: 'results:read', duracao: '90' });
    const key = /id="chave-nova">([^<]+)</.exec(made.body)![1];
    expect((await h.call('GET', '/v1/whoami', key)).statusCode).toBe(200);
    /** The id of a key in the page's list, found by its prefix (svc_<prefix>_...) in its card's title; its form for `verb` is on the page. */
    const idOf = (body: string, k: string, verb: string) => {
      const id = new RegExp(`id="chave-([0-9a-f-]{36})">[^<]*<code>${k.split('_')[1]}</code>`).exec(body)![1];
      expect(body).toContain(`chaves/${id}/${verb}`);
      return id;
    };
    const keyId = idOf(made.body, key, 'rotacionar');

    const rotated = await owner.submit(projectPage(), `${projectPage()}/chaves/${keyId}/rotacionar`, { carencia: '1' });
    const next = /id="chave-nova">([^<]+)</.exec(rotated.body)![1];
    expect((await h.call('GET', '/v1/whoami', key)).statusCode).toBe(200); // grace of 1 day
    expect((await h.call('GET', '/v1/whoami', next)).statusCode).toBe(200);
    h.clock.advance(86_400_000 + KEY_TTL_SERVER_MS);
    expect((await h.call('GET', '/v1/whoami', key)).statusCode).toBe(401);

    const nextId = idOf(rotated.body, next, 'revogar');
    await owner.submit(projectPage(), `${projectPage()}/chaves/${nextId}/revogar`, {});
    h.clock.advance(KEY_TTL_SERVER_MS);
    expect((await h.call('GET', '/v1/whoami', next)).statusCode).toBe(401);

    // credits and a limit below the price of a job
    const page = await owner.submit(orgTab('creditos'), `${orgPage()}/creditos`, { valor: '100' });
    expect(page.body).toContain('R$ 100,00 adicionados.');
    const bad = await owner.submit(orgTab('creditos'), `${orgPage()}/limite`, { limite: 'dez reais' });
    expect(bad.body).toContain('informe um valor em reais');
    expect(FormClient.invalid(bad, 'limite_valor')).toBe(true);
    expect(FormClient.value(bad, 'limite_valor')).toBe('dez reais');
    // a limit below this month's spend is set, and the page says so
    await insertJob(h, { preco: 2_000_000 });
    await concludeNext(h, { formato: 'teste', dados: new Uint8Array([1]) });
    const below = await owner.submit(orgTab('creditos'), `${orgPage()}/limite`, { limite: '1,50' });
    expect(below.body).toContain('Atenção: já foram gastos R$ 2,00 neste mês, mais que o limite');
    const limited = await owner.submit(orgTab('creditos'), `${orgPage()}/limite`, { limite: '0,000001' });
    expect(limited.body).toContain('Limite mensal: R$ 0,00.');
    const res = await h.call('POST', '/v1/jobs', h.keys.full, {
      body: { pedido: { versao_contrato: 3, release: 'v1.0.0', familia: 'adocao', geografia: { ufs: ['RR'] }, lancamento: { dia: 1, cenario_base: 'pix' }, horizonte: { data_inicio: '2026-01-05', dias: 7 }, replicas: 1, grupo_comparacao: 'console', kpis: ['adotantes'] } },
      headers: { 'idempotency-key': 'console-limit' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().detail.code).toBe('spend_limit_reached');
    // the message counts credits as people write them, not micros
    expect(res.json().detail.message).toMatch(/^o job levaria o gasto deste mês a \d[\d.]*,\d{2,6} créditos, acima do limite mensal de 0,000001 créditos$/);
  });
});

describe('console webhook', () => {
  it('sets a webhook (secret shown once), refuses a private address, tests, re-keys and removes it', async () => {
    const admin = as.admin!;
    const page = `/console/projetos/${h.projectId}/webhook`;
    const action = `/console/projetos/${h.projectId}/webhook`;
    const refused = await admin.submit(page, action, { url: 'https://10.0.0.1/hook' });
    expect(FormClient.invalid(refused, 'webhook_url')).toBe(true);
    expect(FormClient.value(refused, 'webhook_url')).toBe('https://10.0.0.1/hook');
    // said in Portuguese from the refusal's motivo (refusal-words.ts), not the CLI's English message
    expect(refused.body).toContain('10.0.0.1 não é um endereço público da internet');
    const plain = await admin.submit(page, action, { url: 'http://93.184.216.34/hook' });
    expect(plain.body).toContain('O endereço precisa começar com https:// (este usa http://)');
    expect(plain.body).not.toMatch(/must be https|not a public address/);
    const set = await admin.submit(page, action, { url: 'https://93.184.216.34/hook' });
    const segredo = /id="segredo-novo">([^<]+)</.exec(set.body)![1];
    expect(segredo).toMatch(/^whsec_/);
    expect((await admin.go('GET', page)).body).not.toContain(segredo);
    const ping = await admin.submit(page, `${action}/teste`, {});
    expect(ping.body).toMatch(/teste <code>ping<\/code>[\s\S]*?na fila[\s\S]*?nenhuma ainda \(0 tentativas\)/);
    // the delivery's body as sent, and a resend: due now again, with its id
    expect(ping.body).toContain('&quot;evento&quot;: &quot;ping&quot;');
    const delivery = /webhook\/entregas\/([0-9a-f-]{36})\/reenviar/.exec(ping.body)![1];
    await h.store.query(`UPDATE webhook_deliveries SET estado = 'abandonada', tentativas = 6, proxima_em = NULL WHERE id = $1`, [delivery]);
    const resent = await admin.submit(page, `${action}/entregas/${delivery}/reenviar`, {});
    expect(resent.body).toContain('Entrega reenviada');
    expect((await h.store.query<{ estado: string; proxima_em: Date }>('SELECT estado, proxima_em FROM webhook_deliveries WHERE id = $1', [delivery])).rows[0])
      .toEqual({ estado: 'pendente', proxima_em: h.clock.now() });
    expect((await as.member!.submit(page, `${action}/entregas/${delivery}/reenviar`, {})).statusCode).toBe(403);
    const rotated = await admin.submit(page, `${action}/segredo`, {});
    expect(/id="segredo-novo">([^<]+)</.exec(rotated.body)![1]).not.toBe(segredo);
    const removed = await admin.submit(page, `${action}/remover`, {});
    expect(removed.body).toContain('Nenhum webhook');
    expect((await as.member!.submit(page, action, { url: 'https://93.184.216.34/hook' })).statusCode).toBe(403);
  });
});

describe('console members', () => {
  it('changes roles and removes members; only an owner touches owners; the last owner stays', async () => {
    const page = orgTab('membros');
    const change = (c: FormClient, email: string, papel: string, acao = 'mudar') => c.submit(page, page, { email, papel, acao });
    expect((await change(as.admin!, 'member@exemplo.org', 'reader')).body).toContain('member@exemplo.org agora é leitor.');
    expect((await change(as.admin!, 'member@exemplo.org', 'member')).statusCode).toBe(200);
    const adminOnOwner = await change(as.admin!, 'owner@exemplo.org', 'member');
    // the refusal sits in that member's row, its choice kept
    expect(adminOnOwner.body).toMatch(/<p class="erro" id="membro-owner-exemplo-org-erro" role="alert">só um proprietário/);
    expect(adminOnOwner.body).toMatch(/id="papel-owner-exemplo-org"[^>]*>.*<option value="member" selected>/);
    expect((await change(as.admin!, 'reader@exemplo.org', 'owner')).body).toContain('só um proprietário');
    const lastOwner = await change(as.owner!, 'owner@exemplo.org', 'admin');
    expect(lastOwner.body).toContain('ao menos um proprietário');
    // removal takes the organization away at once
    const reader = as.reader!;
    expect((await reader.go('GET', page)).statusCode).toBe(200);
    expect((await change(as.owner!, 'reader@exemplo.org', 'reader', 'remover')).body).toContain('reader@exemplo.org não é mais membro.');
    expect((await reader.go('GET', page)).statusCode).toBe(404);
  });
});
