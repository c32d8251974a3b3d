// Issue "Production hardening, round 2", defect 6: /console/geo/{uf} was open to anyone,
// uncounted, read from disk at each request (3.4 MB for MG) and sent uncompressed. Now: signed-in
// people only, under the burst per origin address, gzipped once per UF and cacheable (ETag, and
// immutable at the address that names the release).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../service/app.js';
import { createRateLimiter } from '../../../service/accounts/rate-limit.js';
import { boundariesUrl } from '../../../service/console/municipal-boundaries.js';
import { projectPath } from '../../../src/project-path.js';
import { readPackageVersion } from '../../../src/package-version.js';
import { openHarness, type Harness } from '../routes/harness.js';
import { FormClient } from './form-client.js';

const MG = readFileSync(projectPath('data', 'br', 'geometria', 'geojs-31-mun.json'));

let h: Harness;
let signedIn: FormClient;
beforeAll(async () => {
  h = await openHarness('console_geo');
  signedIn = new FormClient(h);
  expect((await signedIn.submit('/console/cadastro', '/console/cadastro', { email: 'geo@exemplo.org', senha: 'senha-muito-boa' })).statusCode).toBe(303);
});
afterAll(async () => { await h?.close(); });

const cookie = () => [...signedIn.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('console: municipal boundaries for the map', () => {
  it('sends a visitor to the sign-in page', async () => {
    const res = await h.app.inject({ method: 'GET', url: boundariesUrl('31') });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/console\/entrar\?voltar=/);
  });

  it('sends a signed-in person the UF gzipped, with an ETag, immutable at the address of the release', async () => {
    expect(boundariesUrl('31')).toBe(`/console/geo/31?v=${readPackageVersion()}`);
    const res = await h.app.inject({ method: 'GET', url: boundariesUrl('31'), headers: { cookie: cookie(), 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(MG.length / 2);
    expect(gunzipSync(res.rawPayload).equals(MG)).toBe(true);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);

    const again = await h.app.inject({ method: 'GET', url: boundariesUrl('31'), headers: { cookie: cookie(), 'accept-encoding': 'gzip', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // an address without the release may change under the browser: revalidated each time
    const unversioned = await h.app.inject({ method: 'GET', url: '/console/geo/31', headers: { cookie: cookie(), 'accept-encoding': 'gzip' } });
    expect(unversioned.headers['cache-control']).toBe('private, no-cache');
    expect(unversioned.headers.etag).toBe(etag);
    // a client that takes no gzip gets the file as it is
    const plain = await h.app.inject({ method: 'GET', url: boundariesUrl('31'), headers: { cookie: cookie(), 'accept-encoding': 'gzip;q=0, identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(MG)).toBe(true);
    for (const uf of ['99', 'ab', '3']) expect((await h.app.inject({ method: 'GET', url: `/console/geo/${uf}`, headers: { cookie: cookie() } })).statusCode).toBe(404);
  });

  it('counts each request in the burst per origin address', async () => {
    const limiter = createRateLimiter({ backend: 'memory', clock: h.clock, limits: { burstPerAddress: 3 } });
    const small = await buildApp({ store: h.store, clock: h.clock, limiter, consoleSecret: 'segredo-do-teste-de-geo' });
    try {
      const person = new FormClient({ ...h, app: small });
      expect((await person.submit('/console/entrar', '/console/entrar', { email: 'geo@exemplo.org', senha: 'senha-muito-boa' })).statusCode).toBe(303);
      const from = (remoteAddress: string, withCookie = true) => small.inject({
        method: 'GET', url: boundariesUrl('11'), remoteAddress,
        headers: withCookie ? { cookie: [...person.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'accept-encoding': 'gzip' } : {},
      });
      // signed out or in, every request counts
      expect((await from('10.3.0.1', false)).statusCode).toBe(303);
      for (let i = 0; i < 2; i++) expect((await from('10.3.0.1')).statusCode).toBe(200);
      const blocked = await from('10.3.0.1');
      expect(blocked.statusCode).toBe(403);
      expect(blocked.body).toBe('');
      expect((await from('10.3.0.2')).statusCode).toBe(200);
    } finally {
      await small.close();
      await limiter.close();
    }
  });
});
