// POST-redirect-GET on the console (service/console/flash.ts): a form that changes something
// answers 303 to its page, never with the outcome in the URL; the page shows the outcome (a new
// key) once; reloading it shows nothing again and makes nothing twice; a flash cookie that was
// altered shows nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../../service/accounts/accounts.js';
import { createPerson } from '../../../service/accounts/people.js';
import { listKeys } from '../../../service/operations/account-actions.js';
import { FLASH_COOKIE } from '../../../service/console/flash.js';
import { openHarness, type Harness } from '../routes/harness.js';
import { FormClient } from './form-client.js';

let h: Harness;
let admin: FormClient;
beforeAll(async () => {
  h = await openHarness('console_flash');
  await createPerson(h.store, 'admin@exemplo.org', 'senha-de-teste');
  await addMember(h.store, { organizationId: h.orgId, email: 'admin@exemplo.org', papel: 'admin' });
  admin = new FormClient(h);
  await admin.submit('/console/entrar', '/console/entrar', { email: 'admin@exemplo.org', senha: 'senha-de-teste' });
});
afterAll(async () => { await h?.close(); });

const projectPage = () => `/console/projetos/${h.projectId}`;
const keyOf = (body: string) => /id="chave-nova">([^<]+)</.exec(body)?.[1] ?? null;

describe('console POST-redirect-GET', () => {
  it('a new key: 303 to the page, shown once, a reload makes no second key', async () => {
    const before = (await listKeys.run(h.store, { projectId: h.projectId })).length;
    const form = await admin.go('GET', projectPage());
    const post = await admin.go('POST', `${projectPage()}/chaves`, { _csrf: FormClient.token(form), nome: 'uma', scopes: 'results:read', duracao: '30' });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toBe(projectPage());
    const shown = await admin.go('GET', projectPage());
    const key = keyOf(shown.body);
    expect(key).toMatch(/^svc_/);
    expect(shown.body).toContain('role="status"');
    const reloaded = await admin.go('GET', projectPage());
    expect(keyOf(reloaded.body)).toBeNull();
    expect((await listKeys.run(h.store, { projectId: h.projectId })).length).toBe(before + 1);
  });

  it('refuses a second active key of the same name', async () => {
    const again = await admin.submit(projectPage(), `${projectPage()}/chaves`, { nome: 'uma', scopes: 'results:read', duracao: '30' });
    expect(again.body).toContain('já há uma chave chamada &quot;uma&quot;');
    expect(FormClient.invalid(again, 'chave_nome')).toBe(true);
    expect(FormClient.value(again, 'chave_nome')).toBe('uma');
  });

  it('an altered flash cookie shows nothing', async () => {
    const form = await admin.go('GET', projectPage());
    await admin.go('POST', `${projectPage()}/chaves`, { _csrf: FormClient.token(form), nome: 'outra', scopes: 'results:read', duracao: '30' });
    const value = admin.cookies.get(FLASH_COOKIE)!;
    admin.cookies.set(FLASH_COOKIE, `${value.slice(0, -2)}${value.endsWith('A') ? 'B' : 'A'}A`);
    expect(keyOf((await admin.go('GET', projectPage())).body)).toBeNull();
  });

  it("a deleted project's page offers the undo to whoever may undo it", async () => {
    const orgPage = `/console/organizacoes/${h.orgId}`;
    const gone = await admin.submit(projectPage(), `${orgPage}/projetos/${h.projectId}/excluir`, { confirmacao: 'Org console_flash project' });
    expect(gone.headers.location).toBe(orgPage);
    const page = await admin.go('GET', projectPage());
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Desfazer a exclusão');
    const undone = await admin.submit(projectPage(), `${orgPage}/projetos/${h.projectId}/desfazer`, {});
    expect(undone.headers.location).toBe(orgPage);
    expect((await admin.go('GET', projectPage())).statusCode).toBe(200);
  });
});
