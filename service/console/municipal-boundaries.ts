// GET /console/geo/{uf}: the municipal boundaries of a UF (data/br/geometria, IBGE), which the job
// page's map draws (static/mapa.js). The files are large (3.4 MB for MG) and were read from disk
// at each request, for anyone, uncounted: 16 connections from 4 addresses pushed the API's median
// to 520 ms. Now (docs/console.md, "Map"):
//  - for signed-in people only (the console's session), under the burst per origin address
//    (config porOrigem, service/http/auth.ts);
//  - each UF read and gzipped once per process (the release it serves), kept in memory
//    (about 8 MB for the 27 UFs), sent gzipped (inflated only for a client that refuses gzip);
//  - cacheable: a weak ETag of the file's SHA-256 (If-None-Match answers 304), and at the URL the
//    job page links, which names the release (?v=<package version>), `private, max-age=1 year,
//    immutable`: a new release links a new URL. Without that `v`: `private, no-cache`
//    (service/http/gzipped-bytes.ts sends them).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../src/errors.js';
import { readPackageVersion } from '../../src/package-version.js';
import { projectPath } from '../../src/project-path.js';
import { sendGzipped, type GzippedBytes } from '../http/gzipped-bytes.js';
import { CONSOLE_PATH, type ConsoleKit } from './console-kit.js';

const gzip = promisify(gzipCb);

const RELEASE = readPackageVersion();
const YEAR_S = 365 * 86_400;

/** The address the job page links for a UF's boundaries (IBGE code, two digits). */
export function boundariesUrl(uf: string): string {
  return `${CONSOLE_PATH}/geo/${uf}?v=${encodeURIComponent(RELEASE)}`;
}

/** Per UF, made once (concurrent first requests share the promise); null for a UF without a file. */
const loaded = new Map<string, Promise<GzippedBytes | null>>();

async function loadBoundaries(uf: string): Promise<GzippedBytes | null> {
  const raw = await readFile(projectPath('data', 'br', 'geometria', `geojs-${uf}-mun.json`)).catch(() => null);
  if (raw === null) return null;
  return { gzip: await gzip(raw), etag: `W/"${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}"` };
}

function boundariesOf(uf: string): Promise<GzippedBytes | null> {
  let made = loaded.get(uf);
  if (!made) {
    made = loadBoundaries(uf);
    loaded.set(uf, made);
  }
  return made;
}

export async function municipalBoundariesRoutes(app: FastifyInstance, kit: ConsoleKit): Promise<void> {
  app.get('/geo/:uf', { config: { porOrigem: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
    const pessoa = await kit.requirePerson(req, reply);
    if (!pessoa) return reply;
    const uf = (req.params as { uf: string }).uf;
    const boundaries = /^\d{2}$/.test(uf) ? await boundariesOf(uf) : null;
    if (!boundaries) throw new ServiceError('not_found', 'UF desconhecida');
    const current = (req.query as { v?: string }).v === RELEASE;
    return sendGzipped(req, reply, boundaries, {
      type: 'application/geo+json', cacheControl: current ? `private, max-age=${YEAR_S}, immutable` : 'private, no-cache',
    });
  });
}
