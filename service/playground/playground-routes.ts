// GET /playground and its files (service/playground/site.ts): public, counted per origin address, and cross-origin
// isolated (COOP same-origin, COEP require-corp) so the page has SharedArrayBuffer and its kernel
// threads share the population instead of copying it. Text files are sent gzipped to a client
// that takes gzip (each file compressed once per process); the population files are cached by
// the browser for a day (their URL names the release, their SHA-256 is checked on load).
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { playground, type Playground } from './site.js';

export const PLAYGROUND_PATH = '/playground';

// in libuv's threads, not the event loop's: a population file is 6-16 MB
const gzip = promisify(gzipCallback);

const ISOLATION = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp', 'cross-origin-resource-policy': 'same-origin' };

export async function playgroundRoutes(app: FastifyInstance, opts: { site?: Playground }): Promise<void> {
  // a static site, not the API: kept out of the OpenAPI document, and under the burst limit per
  // origin address as the console is (service/http/auth.ts), its files being large
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
    route.config = { ...route.config, porOrigem: true };
  });
  let site = opts.site;
  const gzipped = new Map<string, Promise<Buffer>>();
  const send = async (path: string, acceptsGzip: boolean, reply: FastifyReply) => {
    site ??= playground();
    const f = await site.file(path);
    if (!f) return reply.code(404).type('text/plain; charset=utf-8').headers(ISOLATION).send('Não há este arquivo no playground.');
    reply.headers(ISOLATION).type(f.type).header('vary', 'accept-encoding')
      .header('cache-control', path.startsWith('dados/') ? 'public, max-age=86400' : 'no-cache');
    if (!acceptsGzip) return reply.send(typeof f.body === 'string' ? f.body : Buffer.from(f.body));
    let z = gzipped.get(path);
    if (!z) {
      z = gzip(f.body);
      gzipped.set(path, z);
    }
    return reply.header('content-encoding', 'gzip').send(await z);
  };
  const gzipOk = (h: string | string[] | undefined) => /\bgzip\b/.test(String(h ?? ''));
  app.get(PLAYGROUND_PATH, (_req, reply) => reply.redirect(`${PLAYGROUND_PATH}/`));
  app.get(`${PLAYGROUND_PATH}/`, (req, reply) => send('index.html', gzipOk(req.headers['accept-encoding']), reply));
  app.get(`${PLAYGROUND_PATH}/*`, (req, reply) => send((req.params as { '*': string })['*'], gzipOk(req.headers['accept-encoding']), reply));
}
