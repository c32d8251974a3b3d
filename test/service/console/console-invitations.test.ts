// Invitations by link over HTTP: an admin invites, the link is shown once, the invited person signs
// up with that e-mail, comes back through sign-in and accepts; the link works once, for that
// e-mail only, for 7 days; only an owner invites an owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, listMembers } from '../../../service/accounts/accounts.js';
import { createPerson } from '../../../service/accounts/people.js';
import { openHarness, type Harness } from '../routes/harness.js';
import { FormClient } from './form-client.js';

let h: Harness;
let admin: FormClient;
beforeAll(async () => {
  h = await openHarness('console_invites', 0);
  await createPerson(h.store, 'admin@exemplo.org', 'senha-de-teste');
  await addMember(h.store, { organizationId: h.orgId, email: 'admin@exemplo.org', papel: 'admin' });
  admin = new FormClient(h);
  await admin.submit('/console/entrar', '/console/entrar', { email: 'admin@exemplo.org', senha: 'senha-de-teste' });
});
afterAll(async () => { await h?.close(); });

const orgPage = () => `/console/organizacoes/${h.orgId}`;
/** The members' tab, where invitations are made and listed (service/console/settings-tabs.ts). */
const membersTab = () => `${orgPage()}/membros`;
const linkOf = (body: string) => /id="convite-link">([^<]+)</.exec(body)![1];

describe('console invitations', () => {
  it('invites by link; the invited person accepts once, with that e-mail only', async () => {
    const form = await admin.go('GET', membersTab());
    const post = await admin.go('POST', `${orgPage()}/convites`, { _csrf: FormClient.token(form), email: 'Rui@Exemplo.org', papel: 'reader' });
    // back to the members' tab, where the outcome and the link are said, in a copy box
    expect(post.headers.location).toBe(membersTab());
    const made = await admin.go('GET', membersTab());
    expect(made.body).toMatch(/<section id="convites"[\s\S]*role="status" id="convite-link-msg">Convite criado para rui@exemplo.org[\s\S]*id="convite-link"/);
    // an absolute link at the console's origin (the listen address here: no public URL configured)
    const absolute = linkOf(made.body);
    expect(absolute).toMatch(/^http:\/\/localhost\/console\/convites\/[A-Za-z0-9_-]{43}$/);
    const link = new URL(absolute).pathname;
    // pending, and its link shown again while valid (sealed with the console's secret)
    const pending = (await admin.go('GET', membersTab())).body;
    expect(pending).toMatch(/id="convite-rui-exemplo-org">rui@exemplo.org<\/p>\s*<p>Como leitor/);
    expect(pending).toContain(`<code id="link-rui-exemplo-org">${absolute}</code>`);

    const rui = new FormClient(h);
    const toSignIn = await rui.go('GET', link);
    expect(toSignIn.statusCode).toBe(303);
    expect(toSignIn.headers.location).toBe(`/console/entrar?voltar=${encodeURIComponent(link)}`);
    // the sign-in page says there is an invitation, and sign-up keeps the way back to it
    const signIn = await rui.go('GET', toSignIn.headers.location as string);
    expect(signIn.body).toContain('id="aviso-convite"');
    // it names the organization, the role and the e-mail, which it fills in
    expect(signIn.body).toContain('convidado para entrar em <strong>Org console_invites</strong> como <strong>leitor</strong>');
    expect(FormClient.value(signIn, 'email')).toBe('rui@exemplo.org');
    expect(FormClient.value(await rui.go('GET', `/console/cadastro?voltar=${encodeURIComponent(link)}`), 'email')).toBe('rui@exemplo.org');
    const signUp = `/console/cadastro?voltar=${encodeURIComponent(link)}`;
    expect(signIn.body).toContain(`href="${signUp}"`);
    const up = await rui.submit(signUp, '/console/cadastro', { email: 'rui@exemplo.org', senha: 'senha-do-rui', voltar: link });
    expect(up.headers.location).toBe(link);
    const offer = await rui.go('GET', link);
    expect(offer.body).toContain('como <strong>leitor</strong>');

    const intruder = new FormClient(h);
    await intruder.submit('/console/cadastro', '/console/cadastro', { email: 'outra@exemplo.org', senha: 'senha-da-outra' });
    const refused = await intruder.submit(link, link, {});
    expect(refused.body).toMatch(/<p class="erro" id="convite-erro" role="alert">este convite é para rui@exemplo.org[^<]*<\/p>\s*<button type="submit" class="primario">Aceitar/);

    const accepted = await rui.submit(link, link, {});
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(orgPage());
    expect((await rui.go('GET', orgPage())).body).toContain('Convite aceito: você agora é leitor de Org console_invites.');
    expect((await listMembers(h.store, h.orgId)).find((m) => m.email === 'rui@exemplo.org')?.papel).toBe('reader');
    const again = await rui.go('GET', link);
    expect(again.body).toContain('não vale mais');
  });

  it('revokes a pending invitation: its link stops, and the list no longer shows it', async () => {
    const link = new URL(linkOf((await admin.submit(membersTab(), `${orgPage()}/convites`, { email: 'revogada@exemplo.org', papel: 'member' })).body)).pathname;
    const done = await admin.submit(membersTab(), `${orgPage()}/convites/revogar`, { email: 'revogada@exemplo.org' });
    expect(done.body).toContain('Convite para revogada@exemplo.org revogado');
    expect(done.body).not.toContain('id="convite-revogada-exemplo-org"');
    const invited = new FormClient(h);
    await invited.submit('/console/cadastro', '/console/cadastro', { email: 'revogada@exemplo.org', senha: 'senha-da-revogada' });
    expect((await invited.go('GET', link)).statusCode).toBe(404);
  });

  it('expires after 7 days, and only an owner invites an owner', async () => {
    const link = linkOf((await admin.submit(membersTab(), `${orgPage()}/convites`, { email: 'tarde@exemplo.org', papel: 'member' })).body);
    h.clock.advance(7 * 86_400_000 + 1);
    const late = new FormClient(h);
    await late.submit('/console/cadastro', '/console/cadastro', { email: 'tarde@exemplo.org', senha: 'senha-de-tarde' });
    expect((await late.go('GET', link)).body).toContain('não vale mais');
    await admin.submit('/console/entrar', '/console/entrar', { email: 'admin@exemplo.org', senha: 'senha-de-teste' }); // its session ended too
    const owner = await admin.submit(membersTab(), `${orgPage()}/convites`, { email: 'dono@exemplo.org', papel: 'owner' });
    expect(owner.body).toContain('só um proprietário convida outro proprietário');
    expect(FormClient.value(owner, 'convite_email')).toBe('dono@exemplo.org');
  });
});
