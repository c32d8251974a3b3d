// Embedded-store restarts (issue 15, defect 8): every start minted a new never-expiring dev key
// and topped the dev organization back up to 1,000 reais. Now the account and its key are made
// once and reused, and the balance is what the jobs left.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createJob } from '../../../service/jobs/jobs.js';
import { balance } from '../../../service/accounts/ledger.js';
import { DEV_KEY_FILE, startServer } from '../../../service/server.js';
import { quoteOf } from '../store/test-store.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-restart-'));
afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

async function start() {
  const lines: string[] = [];
  const server = await startServer({ port: 0, dataDir: dir, worker: false, print: (l) => lines.push(l) });
  const [, orgId, projectId] = /Development organization (\S+), project (\S+),/.exec(lines.join('\n'))!;
  return { lines, stop: () => server.stop(), orgId, projectId, store: server.store };
}

describe('issue 15: the development account survives restarts', () => {
  it('prints the same key at every start, keeps the balance, and mints one key in all', async () => {
    const first = await start();
    const key = /API key: (svc_\S+)/.exec(first.lines.join('\n'))![1];
    await createJob(first.store, { projectId: first.projectId, tipo: 'simulacao', pedido: { nome: 'r' }, quote: quoteOf(300_000_000), idempotencyKey: 'r', requestHash: 'r' });
    await first.stop();
    expect(fs.readFileSync(path.join(dir, DEV_KEY_FILE), 'utf8').trim()).toBe(key);
    expect(fs.statSync(path.join(dir, DEV_KEY_FILE)).mode & 0o777).toBe(0o600);

    const second = await start();
    try {
      expect(/API key: (svc_\S+)/.exec(second.lines.join('\n'))![1]).toBe(key);
      expect(second.orgId).toBe(first.orgId);
      expect(await balance(second.store, second.orgId)).toBe(700_000_000);
      expect((await second.store.query('SELECT count(*)::int AS n FROM api_keys')).rows[0].n).toBe(1);
    } finally {
      await second.stop();
    }
  });
});
