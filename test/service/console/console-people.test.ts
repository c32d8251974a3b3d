// The console's people pages over HTTP (app.inject, real PostgreSQL): sign-up, sign-in, sign-out,
// CSRF on every form, the person's organizations, password change and account deletion, and no
// open redirect after sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../../service/accounts/accounts.js';
import { safeReturn } from '../../../service/console/console-routes.js';
import { openHarness, type Harness } from '../routes/harness.js';
import { FormClient } from './form-client.js';

let h: Harness;
beforeAll(async () => { h = await openHarness('console_people'); });
afterAll(async () => { await h?.close(); });

describe('console: people', () => {
  it('sends a visitor to the sign-in page and back to where they were going', async () => {
    const b = new FormClient(h);
    const res = await b.go('GET', '/console/conta');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/console/entrar?voltar=%2Fconsole%2Fconta');
    const page = await b.go('GET', res.headers.location as string);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<label for="email">E-mail</label>');
    expect(page.body).toContain('name="voltar" value="/console/conta"');
  });

  it('signs up, sees its organizations, signs out and in again', async () => {
    const b = new FormClient(h);
    const up = await b.submit('/console/cadastro', '/console/cadastro', { email: 'Ana@Exemplo.org', senha: 'senha-muito-boa' });
    expect(up.statusCode).toBe(303);
    expect(up.headers.location).toBe('/console');
    let home = await b.go('GET', '/console');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('ainda não é membro');
    await addMember(h.store, { organizationId: h.orgId, email: 'ana@exemplo.org', papel: 'admin' });
    home = await b.go('GET', '/console');
    expect(home.body).toMatch(/>Org console_people<\/a><\/td><td>administrador<\/td><td><a href="\/console\/projetos\/[0-9a-f-]{36}">Org console_people project<\/a>/);

    const out = await b.go('POST', '/console/sair', { _csrf: FormClient.token(home) });
    expect(out.statusCode).toBe(303);
    expect((await b.go('GET', '/console')).statusCode).toBe(303); // the session ended on the server too

    const wrong = await b.submit('/console/entrar', '/console/entrar', { email: 'ana@exemplo.org', senha: 'errada-errada' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('E-mail ou senha não conferem.');
    const back = await b.submit('/console/entrar?voltar=%2Fconsole%2Fconta', '/console/entrar', { email: 'ANA@exemplo.org', senha: 'senha-muito-boa', voltar: '/console/conta' });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/console/conta');
    expect((await b.go('GET', '/console/conta')).body).toContain('ana@exemplo.org');
  });

  it('refuses every form without the page\'s CSRF token, and bad input on the same page', async () => {
    const b = new FormClient(h);
    await b.go('GET', '/console/cadastro');
    const forged = await b.go('POST', '/console/cadastro', { email: 'x@exemplo.org', senha: 'senha-muito-boa' });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('O formulário expirou');
    const other = new FormClient(h);
    const stolen = FormClient.token(await other.go('GET', '/console/cadastro'));
    expect((await b.go('POST', '/console/cadastro', { _csrf: stolen, email: 'x@exemplo.org', senha: 'senha-muito-boa' })).statusCode).toBe(403);

    const short = await b.submit('/console/cadastro', '/console/cadastro', { email: 'x@exemplo.org', senha: 'curta' });
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain('pelo menos 10 caracteres');
    expect(FormClient.invalid(short, 'senha')).toBe(true);
    expect(FormClient.value(short, 'email')).toBe('x@exemplo.org');
    const bad = await b.submit('/console/cadastro', '/console/cadastro', { email: 'não-é-email', senha: 'senha-muito-boa' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('e-mail válido');
    expect(FormClient.invalid(bad, 'email')).toBe(true);
    await b.submit('/console/cadastro', '/console/cadastro', { email: 'dup@exemplo.org', senha: 'senha-muito-boa' });
    const dup = await new FormClient(h).submit('/console/cadastro', '/console/cadastro', { email: 'DUP@exemplo.org', senha: 'outra-senha-boa' });
    expect(dup.statusCode).toBe(422);
    expect(dup.body).toContain('já existe uma conta');
  });

  it('binds the CSRF token to the session: the victim\'s session with the attacker\'s own token pair is refused', async () => {
    const victim = new FormClient(h), attacker = new FormClient(h);
    await victim.submit('/console/cadastro', '/console/cadastro', { email: 'vitima@exemplo.org', senha: 'senha-da-vitima' });
    const attackerPage = await attacker.go('GET', '/console/entrar');
    const tossed = new FormClient(h);
    tossed.cookies = new Map([...victim.cookies].filter(([name]) => name === 'sessao'));
    for (const [name, value] of attacker.cookies) if (name === '_csrf') tossed.cookies.set(name, value);
    const forged = await tossed.go('POST', '/console/conta/excluir', { _csrf: FormClient.token(attackerPage), senha: 'senha-da-vitima' });
    expect(forged.statusCode).toBe(403);
    // the victim's own page still works
    expect((await victim.go('GET', '/console/conta')).statusCode).toBe(200);
  });

  it('changes the password (other sessions end) and deletes the account with the password', async () => {
    const a = new FormClient(h), other = new FormClient(h);
    await a.submit('/console/cadastro', '/console/cadastro', { email: 'bia@exemplo.org', senha: 'primeira-senha' });
    await other.submit('/console/entrar', '/console/entrar', { email: 'bia@exemplo.org', senha: 'primeira-senha' });
    // refused: back to the page by GET (a reload repeats nothing), the message beside the field, focus there
    const wrong = await a.submit('/console/conta', '/console/conta/senha', { senha_atual: 'errada-errada', senha_nova: 'segunda-senha' });
    expect(wrong.statusCode).toBe(200);
    expect(FormClient.invalid(wrong, 'senha_atual')).toBe(true);
    expect(wrong.body).toMatch(/id="senha_atual"[^>]*autofocus>\s*<p class="erro" id="senha-erro" role="alert">a senha atual não confere<\/p>/);
    expect((await a.go('GET', '/console/conta')).body).not.toContain('a senha atual não confere');
    const changed = await a.submit('/console/conta', '/console/conta/senha', { senha_atual: 'primeira-senha', senha_nova: 'segunda-senha' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Senha trocada');
    expect((await other.go('GET', '/console')).statusCode).toBe(303);
    expect((await a.go('GET', '/console')).statusCode).toBe(200);

    await addMember(h.store, { organizationId: h.orgId, email: 'bia@exemplo.org', papel: 'owner' });
    // the only owner cannot leave the organization without an owner
    const sole = await a.submit('/console/conta', '/console/conta/excluir', { senha: 'segunda-senha' });
    expect(FormClient.invalid(sole, 'senha_exclusao')).toBe(true);
    expect(sole.body).toContain('único proprietário');
    expect(sole.body).toContain('<dialog class="dialogo" id="excluir-conta" aria-labelledby="excluir-conta-titulo" open>');
    await addMember(h.store, { organizationId: h.orgId, email: 'outro-owner@exemplo.org', papel: 'owner' });
    expect(FormClient.invalid(await a.submit('/console/conta', '/console/conta/excluir', { senha: 'errada-errada' }), 'senha_exclusao')).toBe(true);
    const gone = await a.submit('/console/conta', '/console/conta/excluir', { senha: 'segunda-senha' });
    expect(gone.statusCode).toBe(303);
    expect((await a.go('GET', '/console')).statusCode).toBe(303);
    expect((await h.store.query('SELECT 1 FROM members WHERE email = $1', ['bia@exemplo.org'])).rows).toHaveLength(0);
    expect((await new FormClient(h).submit('/console/entrar', '/console/entrar', { email: 'bia@exemplo.org', senha: 'segunda-senha' })).statusCode).toBe(401);
  });

  it('goes back only to console paths after signing in', () => {
    expect(safeReturn('/console/conta')).toBe('/console/conta');
    expect(safeReturn('https://evil.example/console')).toBe('/console');
    expect(safeReturn('//evil.example/console')).toBe('/console');
    expect(safeReturn('/consolex')).toBe('/console');
    expect(safeReturn(undefined)).toBe('/console');
  });
});
