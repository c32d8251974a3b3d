// `campaign-sim admin` against the real PostgreSQL (fresh schema): the commands a person runs
// until the console exists, checked through their JSON output and the store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReais } from '../../../cli/admin.js';
import { authenticateApiKey } from '../../../service/accounts/api-keys.js';
import { peekInvitation } from '../../../service/accounts/invitations.js';
import { createPerson } from '../../../service/accounts/people.js';
import { balance } from '../../../service/accounts/ledger.js';
import { KEY_TTL_SERVER_MS } from '../../../service/store/read-cache.js';
import { createFakeClock } from '../../fixtures/fake-clock.js';
import { runCliCaptured } from '../../fixtures/run-cli.js';
import { openTestStore, TEST_DATABASE_URL } from './test-store.js';

// The CLI writes through a store of its own: this store's key cache sees its revocations once
// KEY_TTL_SERVER_MS has passed (read-cache.ts).
const clock = createFakeClock(Date.now());
let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('admincli', { clock }); });
afterAll(async () => { await store?.drop(); });

async function admin(...args: string[]): Promise<{ code: number; out: any; err: string }> {
  const r = await runCliCaptured('admin', '--database-url', TEST_DATABASE_URL, '--schema', store.schema, ...args);
  return { ...r, out: r.out ? JSON.parse(r.out) : null };
}

describe('campaign-sim admin', () => {
  // Issue 32, defect 11: a role given to an e-mail without an account went to whoever signed up
  // first with it. The operator adds account holders; anyone else is invited by link.
  it('adds only a person with an account; invites anyone else by a link for that e-mail', async () => {
    const org = (await admin('org', 'create', '--nome', 'Convites')).out;
    const refused = await admin('member', 'add', org.id, 'ninguem@example.org', '--papel', 'admin');
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/no account has the e-mail ninguem@example\.org: invite it/);
    expect((await admin('org', 'show', org.id)).out.membros).toEqual([]);
    expect((await admin('org', 'rename', org.id, 'Convites e Cia')).out.nome).toBe('Convites e Cia');
    const invited = (await admin('member', 'invite', org.id, 'Ninguem@Example.org', '--papel', 'admin')).out;
    expect(invited).toMatchObject({ email: 'ninguem@example.org', papel: 'admin', valido_dias: 7 });
    const token = /^\/console\/convites\/(.+)$/.exec(invited.link)![1];
    expect(await peekInvitation(store, token)).toMatchObject({ email: 'ninguem@example.org', papel: 'admin', valido: true });
  });

  it('parses reais exactly into micros', () => {
    expect(parseReais('250')).toBe(250_000_000);
    expect(parseReais('12.5')).toBe(12_500_000);
    expect(parseReais('0,000001')).toBe(1);
    expect(() => parseReais('1.0000001')).toThrow();
    expect(() => parseReais('-3')).toThrow();
  });

  it('creates an organization, project, key and credits, sets limits, rotates and revokes', async () => {
    const org = (await admin('org', 'create', '--nome', 'Instituto X')).out;
    expect(org).toMatchObject({ nome: 'Instituto X', limite_jobs_simultaneos: 2, limite_gasto_mensal_micros: null });
    await createPerson(store, 'ana@example.org', 'senha-da-ana-123');
    expect((await admin('member', 'add', org.id, 'Ana@Example.org', '--papel', 'admin')).out).toMatchObject({ email: 'ana@example.org', papel: 'admin' });
    const project = (await admin('project', 'create', org.id, '--nome', 'Campanha')).out;
    const created = (await admin('key', 'create', project.id, '--nome', 'ci', '--scopes', 'results:read', '--expires', '30')).out;
    expect(created.key).toMatch(/^svc_/);
    expect(created.record).toMatchObject({ nome: 'ci', scopes: ['results:read'], duracao_dias: 30 });
    expect(await authenticateApiKey(store, created.key)).toMatchObject({ projectId: project.id, organizationId: org.id });

    expect((await admin('credits', 'add', org.id, '250.50')).out.saldo_micros).toBe(250_500_000);
    expect(await balance(store, org.id)).toBe(250_500_000);
    expect((await admin('spend-limit', 'set', org.id, '100')).out.limite_gasto_mensal_micros).toBe(100_000_000);
    expect((await admin('spend-limit', 'set', org.id, 'none')).out.limite_gasto_mensal_micros).toBeNull();
    expect((await admin('spend-alert', 'set', org.id, '80')).out.alerta_gasto_parte).toBe(80);
    expect((await admin('spend-alert', 'set', org.id, 'none')).out.alerta_gasto_parte).toBeNull();
    expect((await admin('spend-alert', 'set', org.id, '101')).code).toBe(2);
    expect((await admin('concurrency', 'set', org.id, '4')).out.limite_jobs_simultaneos).toBe(4);
    expect((await admin('org', 'show', org.id)).out).toMatchObject({ saldo_micros: 250_500_000, gasto_mes_micros: 0, membros: [{ email: 'ana@example.org' }] });

    const rotated = (await admin('key', 'rotate', created.record.id, '--grace', '0')).out;
    clock.set(Date.now() + KEY_TTL_SERVER_MS);
    expect(await authenticateApiKey(store, created.key)).toBeNull();
    expect(await authenticateApiKey(store, rotated.key)).not.toBeNull();
    await admin('key', 'revoke', rotated.record.id);
    expect(await authenticateApiKey(store, rotated.key)).not.toBeNull(); // still in this store's key cache
    clock.advance(KEY_TTL_SERVER_MS);
    expect(await authenticateApiKey(store, rotated.key)).toBeNull();
    const listed = (await admin('key', 'list', project.id)).out;
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(rotated.key);

    await admin('project', 'archive', project.id);
    const fresh = (await admin('key', 'create', project.id, '--nome', 'x')).out;
    expect(fresh.detail.code).toBeDefined(); // refused (the project is archived), in the API's envelope
    await admin('project', 'restore', project.id);
  });

  it('sets, tests, lists, re-keys and removes a webhook; a refused URL exits 2 with the envelope', async () => {
    const org = (await admin('org', 'create', '--nome', 'Webhooks')).out;
    const project = (await admin('project', 'create', org.id, '--nome', 'Avisos')).out;
    for (const url of ['http://93.184.216.34/hook', 'https://10.0.0.1/hook', 'https://u:p@93.184.216.34/hook']) {
      const refused = await admin('webhook', 'set', project.id, url);
      expect(refused.code).toBe(2);
      expect(refused.out).toMatchObject({ detail: { code: 'webhook_url_refused' } });
      expect(refused.err).toContain('webhook_url_refused');
    }
    const set = await admin('webhook', 'set', project.id, 'https://93.184.216.34/hook');
    expect(set.code).toBe(0);
    expect(set.out).toMatchObject({ project_id: project.id, url: 'https://93.184.216.34/hook' });
    expect(set.out.segredo).toMatch(/^whsec_/);
    const ping = (await admin('webhook', 'test', project.id)).out;
    expect((await admin('webhook', 'deliveries', project.id)).out).toMatchObject([{ id: ping.id, evento: 'ping', estado: 'pendente', tentativas: 0 }]);
    expect((await admin('webhook', 'resend', project.id, ping.id)).out).toEqual({ id: ping.id });
    const rotated = (await admin('webhook', 'rotate-secret', project.id)).out;
    expect(rotated.segredo).toMatch(/^whsec_/);
    expect(rotated.segredo).not.toBe(set.out.segredo);
    expect((await admin('webhook', 'remove', project.id)).out).toEqual({ project_id: project.id, removido: true });
    const after = await admin('webhook', 'deliveries', project.id);
    expect(after.code).toBe(2);
    expect(after.out).toMatchObject({ detail: { code: 'not_found' } });
  });

  it('refuses bad input with exit code 2 and a clear message', async () => {
    expect((await admin('key', 'create', '00000000-0000-4000-8000-000000000000', '--nome', 'k', '--expires', '31')).code).toBe(2);
    const r = await admin('org', 'show', 'not-an-id');
    expect(r.code).toBe(2);
    expect(r.err).toContain('not_found');
    expect((await admin('concurrency', 'set', '00000000-0000-4000-8000-000000000000', '0')).code).toBe(2);
  });
});
