// Issue 59: "Esqueci minha senha" by e-mail (a link valid one hour, used once, kept hashed; the
// answer never tells whether the e-mail has an account; throttled like sign-in), and the sign-in
// limit counts failures only (an ordinary walk of right sign-ins locked an account).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../service/app.js';
import type { MailMessage } from '../../../service/accounts/mailer.js';
import { secretDigest } from '../../../service/accounts/secret-token.js';
import { openHarness, type Harness } from '../routes/harness.js';
import { FormClient } from './form-client.js';

let h: Harness;
let app: FastifyInstance;
const sent: MailMessage[] = [];
beforeAll(async () => {
  h = await openHarness('console_password_reset');
  app = await buildApp({ store: h.store, clock: h.clock, mailer: { send: async (m) => { sent.push(m); } }, rateLimits: { signInPerAccount: 3, signInPerAddress: 8 } });
});
afterAll(async () => { await app?.close(); await h?.close(); });

const browser = () => new FormClient({ ...h, app });
const linkOf = (m: MailMessage) => new URL(/https?:\/\/\S+/.exec(m.texto)![0]).pathname;
const statusText = (body: string) => /role="status"[^>]*>([\s\S]*?)<\/p>/.exec(body)?.[1].replace(/<[^>]+>/g, '');
const nextWindow = () => h.clock.advance(15 * 60_000 + 2000);

describe('issue 59: a forgotten password', () => {
  it('sends a link to an account\'s e-mail and says the same for an unknown one; the link sets the password once and ends the sessions', async () => {
    const person = browser();
    await person.submit('/console/cadastro', '/console/cadastro', { email: 'esqueceu@exemplo.org', senha: 'senha-antiga-123' });
    expect((await person.go('GET', '/console/conta')).statusCode).toBe(200);
    const entrar = await browser().go('GET', '/console/entrar');
    expect(entrar.body).toContain('href="/console/senha/esqueci"');

    const known = await browser().submit('/console/senha/esqueci', '/console/senha/esqueci', { email: 'Esqueceu@exemplo.org' });
    const unknown = await browser().submit('/console/senha/esqueci', '/console/senha/esqueci', { email: 'ninguem@exemplo.org' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(statusText(known.body)!.replace('esqueceu@exemplo.org', 'X')).toBe(statusText(unknown.body)!.replace('ninguem@exemplo.org', 'X'));
    expect(sent.map((m) => m.para)).toEqual(['esqueceu@exemplo.org']);
    const link = linkOf(sent[0]);
    expect(link).toMatch(/^\/console\/senha\/nova\/[A-Za-z0-9_-]{43}$/);
    // kept by its hash only
    const token = link.split('/').at(-1)!;
    expect((await h.store.query('SELECT 1 FROM password_resets WHERE token_hash = $1', [secretDigest(token)])).rows).toHaveLength(1);
    expect((await h.store.query('SELECT 1 FROM password_resets WHERE token_hash = $1', [token])).rows).toHaveLength(0);

    const b = browser();
    const short = await b.submit(link, link, { senha: 'curta' });
    expect(short.statusCode).toBe(422);
    expect(FormClient.invalid(short, 'senha')).toBe(true);
    const done = await b.submit(link, link, { senha: 'senha-nova-456' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/console/entrar');
    const after = await b.go('GET', '/console/entrar');
    expect(statusText(after.body)).toContain('Senha trocada');
    // used once; the old session is over; the new password signs in, the old one does not
    expect((await b.go('GET', link)).statusCode).toBe(404);
    const form = await b.go('GET', '/console/senha/esqueci');
    expect((await b.go('POST', link, { _csrf: FormClient.token(form), senha: 'mais-uma-senha-789' })).statusCode).toBe(404);
    expect((await person.go('GET', '/console/conta')).statusCode).toBe(303);
    expect((await browser().submit('/console/entrar', '/console/entrar', { email: 'esqueceu@exemplo.org', senha: 'senha-antiga-123' })).statusCode).toBe(401);
    expect((await browser().submit('/console/entrar', '/console/entrar', { email: 'esqueceu@exemplo.org', senha: 'senha-nova-456' })).statusCode).toBe(303);
    nextWindow();
  });

  it('a link expires after an hour', async () => {
    sent.length = 0;
    await browser().submit('/console/senha/esqueci', '/console/senha/esqueci', { email: 'esqueceu@exemplo.org' });
    const link = linkOf(sent[0]);
    h.clock.advance(61 * 60_000);
    const page = await browser().go('GET', link);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Este link não vale mais');
    nextWindow();
  });

  it('throttles the requests per e-mail like sign-in, with Retry-After', async () => {
    sent.length = 0;
    const b = browser();
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await b.submit('/console/senha/esqueci', '/console/senha/esqueci', { email: 'esqueceu@exemplo.org' })).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(sent).toHaveLength(3);
    nextWindow();
  });

  it('counts failed sign-ins only: right ones, as often as a walk does, never lock the account', async () => {
    const b = browser();
    for (let i = 0; i < 6; i++) {
      expect((await b.submit('/console/entrar', '/console/entrar', { email: 'esqueceu@exemplo.org', senha: 'senha-nova-456' })).statusCode).toBe(303);
      await b.submit('/console', '/console/sair', {});
    }
    // failures still count: three wrong, then even the right one waits
    for (let i = 0; i < 3; i++) expect((await b.submit('/console/entrar', '/console/entrar', { email: 'esqueceu@exemplo.org', senha: `errada-${i}-xxxx` })).statusCode).toBe(401);
    expect((await b.submit('/console/entrar', '/console/entrar', { email: 'esqueceu@exemplo.org', senha: 'senha-nova-456' })).statusCode).toBe(429);
    nextWindow();
  });
});
