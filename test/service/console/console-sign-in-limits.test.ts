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
    const blocked = await guesser.submit('/console/entrar', '/console/entrar', { email: 'alvo@exemplo.org', senha: 'senha-certa-123' });
    expect(blocked.statusCode).toBe(429);
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

  it('sends X-Frame-Options and a Content-Security-Policy on console pages, not on the API', async () => {
    const page = await browser().go('GET', '/console/entrar');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self'|default-src 'self'/);
    expect(page.headers['content-security-policy']).not.toMatch(/form-action/);
    const api = await h.call('GET', '/v1/whoami', h.keys.reader);
    expect(api.headers['x-frame-options']).toBeUndefined();
  });
});
