// Issue 32, defects 2, 10 and 12: people's sign-in had no throttle (1,200 wrong passwords in
// 15.8 s, then the right one accepted), /console was outside the per-address burst limit, an
// unknown e-mail skipped the password check (0.6 ms against 12.5 ms: who has an account), and
// the console sent no X-Frame-Options or CSP.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../service/app.js';
import { openHarness, type Harness } from '../routes/harness.js';
import { FormClient } from './form-client.js';

const argon2Checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: (...args: Parameters<typeof real.verify>) => { argon2Checks.count += 1; return real.verify(...args); } };
});

let h: Harness;
let small: FastifyInstance;
beforeAll(async () => {
  h = await openHarness('console_sign_in');
  small = await buildApp({ store: h.store, clock: h.clock, rateLimits: { signInPerAccount: 3, signInPerAddress: 6, burstPerAddress: 40 } });
});
afterAll(async () => { await small?.close(); await h?.close(); });

const browser = () => new FormClient({ ...h, app: small });

describe('issue 32: people\'s sign-in resists guessing', () => {
  it('throttles sign-in per account: past the limit even the right password waits, with Retry-After, until the window passes', async () => {
    const b = browser();
    await b.submit('/console/cadastro', '/console/cadastro', { email: 'alvo@exemplo.org', senha: 'senha-certa-123' });
    const guesser = browser();
    for (let i = 0; i < 3; i++) {
      expect((await guesser.submit('/console/entrar', '/console/entrar', { email: 'ALVO@exemplo.org', senha: `errada-${i}-xxxx` })).statusCode).toBe(401);
    }
    const checks = argon2Checks.count;
    const blocked = await guesser.submit('/console/entrar', '/console/entrar', { email: 'alvo@exemplo.org', senha: 'senha-certa-123' });
    expect(blocked.statusCode).toBe(429);
    // blocked before the password is checked (issue 54: the handler went on to check it after the 429)
    expect(argon2Checks.count).toBe(checks);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).toContain('Muitas tentativas com este e-mail');
    h.clock.advance(15 * 60_000 + 2000);
    expect((await guesser.submit('/console/entrar', '/console/entrar', { email: 'alvo@exemplo.org', senha: 'senha-certa-123' })).statusCode).toBe(303);
  });

  it('throttles sign-in and sign-up per origin address across accounts', async () => {
    h.clock.advance(15 * 60_000 + 2000);
    const b = browser();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await b.submit('/console/entrar', '/console/entrar', { email: `pessoa${i}@exemplo.org`, senha: 'qualquer-senha' })).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 401]);
    const blocked = await b.submit('/console/cadastro', '/console/cadastro', { email: 'nova@exemplo.org', senha: 'senha-nova-123' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Muitas tentativas deste endereço');
    h.clock.advance(15 * 60_000 + 2000);
  });

  it('checks the password of an unknown e-mail as of a known one (the same work, the same answer)', async () => {
    const b = browser();
    await b.submit('/console/cadastro', '/console/cadastro', { email: 'conhecida@exemplo.org', senha: 'senha-conhecida' });
    const before = argon2Checks.count;
    const known = await browser().submit('/console/entrar', '/console/entrar', { email: 'conhecida@exemplo.org', senha: 'errada-errada' });
    const afterKnown = argon2Checks.count;
    const unknown = await browser().submit('/console/entrar', '/console/entrar', { email: 'ninguem@exemplo.org', senha: 'errada-errada' });
    expect(afterKnown - before).toBe(1);
    expect(argon2Checks.count - afterKnown).toBe(1);
    expect([known.statusCode, unknown.statusCode]).toEqual([401, 401]);
    const alert = (body: string) => /role="alert"[^>]*>([^<]*)</.exec(body)?.[1];
    expect(alert(known.body)).toBe('E-mail ou senha não conferem.');
    expect(alert(unknown.body)).toBe(alert(known.body));
  });

  it('puts the console under the burst limit per origin address', async () => {
    h.clock.advance(5 * 60_000 + 2000);
    const b = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await b.go('GET', '/console/entrar')).statusCode);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses[40]).toBe(403);
    h.clock.advance(5 * 60_000 + 2000);
  });

  it('issue 54: throttles the account page\'s password re-checks (change the password, delete the account) as sign-in', async () => {
    h.clock.advance(15 * 60_000 + 2000);
    const b = browser();
    await b.submit('/console/cadastro', '/console/cadastro', { email: 'sessao@exemplo.org', senha: 'senha-certa-123' });
    for (let i = 0; i < 3; i++) {
      const wrong = await b.submit('/console/conta', '/console/conta/senha', { senha_atual: `errada-${i}-xxxx`, senha_nova: 'outra-senha-123' });
      expect(wrong.statusCode).toBe(200);
      expect(FormClient.invalid(wrong, 'senha_atual')).toBe(true);
    }
    const checks = argon2Checks.count;
    const change = await b.submit('/console/conta', '/console/conta/senha', { senha_atual: 'senha-certa-123', senha_nova: 'outra-senha-123' });
    expect(change.statusCode).toBe(429);
    expect(Number(change.headers['retry-after'])).toBeGreaterThan(0);
    expect(change.body).toContain('Muitas tentativas com esta conta');
    expect(FormClient.invalid(change, 'senha_atual')).toBe(true);
    const remove = await b.submit('/console/conta', '/console/conta/excluir', { senha: 'senha-certa-123' });
    expect(remove.statusCode).toBe(429);
    expect(FormClient.invalid(remove, 'senha_exclusao')).toBe(true);
    // nothing was checked past the limit, and sign-in shares the account's window
    expect(argon2Checks.count).toBe(checks);
    expect((await browser().submit('/console/entrar', '/console/entrar', { email: 'sessao@exemplo.org', senha: 'senha-certa-123' })).statusCode).toBe(429);
    h.clock.advance(15 * 60_000 + 2000);
    const changed = await b.submit('/console/conta', '/console/conta/senha', { senha_atual: 'senha-certa-123', senha_nova: 'outra-senha-123' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Senha trocada');
    h.clock.advance(15 * 60_000 + 2000);
  });

  it('issue 54: throttles the password re-checks per origin address across accounts', async () => {
    const people = [browser(), browser()];
    for (const [i, b] of people.entries()) await b.submit('/console/cadastro', '/console/cadastro', { email: `endereco${i}@exemplo.org`, senha: 'senha-certa-123' });
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await people[i % 2].submit('/console/conta', '/console/conta/excluir', { senha: `errada-${i}-xxxx` })).statusCode);
    // sign-up counts in the address's window too: 2 + 4 attempts fill its 6
    expect(answers).toEqual([200, 200, 200, 200, 429]);
    h.clock.advance(15 * 60_000 + 2000);
  });

  it('sends X-Frame-Options and a Content-Security-Policy on console pages, not on the API', async () => {
    const page = await browser().go('GET', '/console/entrar');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self'|default-src 'self'/);
    expect(page.headers['content-security-policy']).not.toMatch(/form-action/);
    const api = await h.call('GET', '/v1/whoami', h.keys.reader);
    expect(api.headers['x-frame-options']).toBeUndefined();
  });
});
