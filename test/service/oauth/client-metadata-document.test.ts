// Client ID metadata documents: which client_ids name one, and what a fetched document must be
// to be taken (a local https server with the test certificate; loopback allowed as in
// development, private addresses never).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDocumentFetcher, isClientDocumentUrl } from '../../../service/oauth/client-metadata-document.js';

const TLS = { cert: readFileSync(new URL('../../fixtures/tls/localhost.crt', import.meta.url)), key: readFileSync(new URL('../../fixtures/tls/localhost.key', import.meta.url)) };
let server: Server;
let base: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer(TLS, (req, res) => {
    const path = req.url!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const id = `${base}${path}`;
    const doc = (extra: Record<string, unknown> = {}) => JSON.stringify({ client_id: id, client_name: 'Doc', redirect_uris: ['http://127.0.0.1:5000/cb'], ...extra });
    res.setHeader('content-type', 'application/json');
    if (path === '/bom.json') return res.end(doc());
    if (path === '/outro-id.json') return res.end(doc({ client_id: `${base}/outro.json` }));
    if (path === '/segredo.json') return res.end(doc({ client_secret: 'x' }));
    if (path === '/basic.json') return res.end(doc({ token_endpoint_auth_method: 'client_secret_basic' }));
    if (path === '/grande.json') return res.end(doc({ client_name: 'x'.repeat(20_000) }));
    if (path === '/lista.json') return res.end('[]');
    if (path === '/redireciona.json') {
      res.statusCode = 302;
      res.setHeader('location', '/bom.json');
      return res.end();
    }
    res.statusCode = 404;
    return res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => { server?.close(); });

describe('client ID metadata documents', () => {
  it('are named by https URLs with a path, without credentials, fragment or dot segments', () => {
    expect(isClientDocumentUrl('https://agente.example.org/client.json')).toBe(true);
    for (const id of ['http://agente.example.org/client.json', 'https://agente.example.org', 'https://agente.example.org/',
      'https://u:p@agente.example.org/c.json', 'https://agente.example.org/c.json#x', 'https://agente.example.org/a/../c.json',
      'https://agente.example.org/a/%2e%2e/c.json', 'a1b2c3', 'https://']) {
      expect(isClientDocumentUrl(id), id).toBe(false);
    }
  });

  it('takes a document whose client_id is its own URL, as a public client, and caches it', async () => {
    const fetchDoc = clientDocumentFetcher({ policy: { allowLoopback: true }, ca: TLS.cert });
    const doc = await fetchDoc(`${base}/bom.json`);
    expect(doc).toMatchObject({ client_id: `${base}/bom.json`, client_name: 'Doc', token_endpoint_auth_method: 'none' });
    await fetchDoc(`${base}/bom.json`);
    expect(hits.get('/bom.json')).toBe(1);
  });

  it('refuses another client_id, secrets, a shared-secret method, a body past 16 KiB, not an object, a redirect, a 404', async () => {
    const fetchDoc = clientDocumentFetcher({ policy: { allowLoopback: true }, ca: TLS.cert });
    for (const path of ['/outro-id.json', '/segredo.json', '/basic.json', '/grande.json', '/lista.json', '/redireciona.json', '/nada.json']) {
      expect(await fetchDoc(`${base}${path}`), path).toBeUndefined();
    }
    expect(hits.get('/bom.json')).toBe(1); // the redirect was not followed
  });

  it('never fetches from a private or loopback address the policy refuses', async () => {
    const publicOnly = clientDocumentFetcher({ policy: { allowLoopback: false }, ca: TLS.cert });
    const before = hits.get('/bom.json');
    expect(await publicOnly(`${base}/bom.json`)).toBeUndefined();
    expect(hits.get('/bom.json')).toBe(before);
    const dev = clientDocumentFetcher({ policy: { allowLoopback: true }, ca: TLS.cert });
    expect(await dev('https://10.1.2.3/c.json')).toBeUndefined();
    expect(await dev('https://169.254.169.254/latest/meta-data.json')).toBeUndefined();
  });
});
