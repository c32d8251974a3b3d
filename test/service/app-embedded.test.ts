// The service as `npm start` runs it: the embedded store (PGlite) in a temporary data directory,
// a development account printed on start, a real port on 127.0.0.1, and a restart that reuses
// the organization and project.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../service/server.js';
import { httpScenario } from '../fixtures/scenarios.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'campaign-sim-http-'));
let server: RunningServer | undefined;
let devKey = '';
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ server: RunningServer; lines: string[] }> {
  const lines: string[] = [];
  const s = await startServer({ port: 0, dataDir, worker: false, print: (l) => lines.push(l) });
  return { server: s, lines };
}

function keyOf(lines: string[]): string {
  const line = lines.find((l) => l.startsWith('API key: '));
  expect(line).toMatch(/^API key: svc_[0-9a-f]{12}_\S+$/);
  return line!.slice('API key: '.length);
}

describe('service on the embedded store', () => {
  it('starts with a development key that works over a real port, and refuses a second process on the same data', async () => {
    const first = await start();
    server = first.server;
    expect(server.store.kind).toBe('pglite');
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const key = keyOf(first.lines);

    const who = await fetch(`${server.url}/v1/whoami`, { headers: { authorization: `Bearer ${key}` } });
    expect(who.status).toBe(200);
    const me = (await who.json()) as { project_id: string; organization_id: string; scopes: string[] };
    expect(me.scopes).toEqual(expect.arrayContaining(['results:read', 'simulate']));
    expect(who.headers.get('ratelimit-limit')).toBe('1000');

    const none = await fetch(`${server.url}/v1/jobs`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');

    // PGlite is single-process: the data directory is locked while the service runs.
    await expect(startServer({ port: 0, dataDir, worker: false, print: () => undefined })).rejects.toThrow(/in use/);

    await server.stop();
    server = undefined;

    const second = await start();
    server = second.server;
    const key2 = keyOf(second.lines);
    devKey = key2;
    const who2 = await fetch(`${server.url}/v1/whoami`, { headers: { authorization: `Bearer ${key2}` } });
    const me2 = (await who2.json()) as { project_id: string; organization_id: string };
    expect(me2.organization_id).toBe(me.organization_id);
    expect(me2.project_id).toBe(me.project_id);
  });

  it('submits, reads, lists and cancels a job on the embedded store', async () => {
    const auth = { authorization: `Bearer ${devKey}` };
    const post = await fetch(`${server!.url}/v1/jobs`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'embedded-1' },
      body: JSON.stringify({ pedido: httpScenario() }),
    });
    expect(post.status).toBe(201);
    const job = (await post.json()) as { id: string; estado: string };
    expect(job.estado).toBe('reservado');
    const read = await fetch(`${server!.url}/v1/jobs/${job.id}`, { headers: auth });
    expect(((await read.json()) as { id: string }).id).toBe(job.id);
    const list = (await (await fetch(`${server!.url}/v1/jobs`, { headers: auth })).json()) as { jobs: Array<{ id: string }> };
    expect(list.jobs[0].id).toBe(job.id);
    const cancel = await fetch(`${server!.url}/v1/jobs/${job.id}/cancel`, { method: 'POST', headers: auth });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { estado: string }).estado).toBe('cancelado');
    const findings = await fetch(`${server!.url}/v1/jobs/${job.id}/findings`, { headers: auth });
    expect(findings.status).toBe(409);
    expect(((await findings.json()) as { detail: { code: string } }).detail.code).toBe('result_not_ready');
  });
});
