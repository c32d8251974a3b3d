// Refused input and failures read as one line, never a stack trace: the worker's options, and the
// example webhook receiver started without its secret.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../../src/project-path.js';
import { runCliCaptured } from '../../fixtures/run-cli.js';

describe('one-line errors', () => {
  it('campaign-sim worker refuses missing or wrong options on one line, exit 2', async () => {
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      const none = await runCliCaptured('worker');
      expect(none.code).toBe(2);
      expect(none.err.trim().split('\n')).toEqual(['campaign-sim: invalid_request: campaign-sim worker needs DATABASE_URL (or --database-url) of a PostgreSQL server']);
      const bad = await runCliCaptured('worker', '--database-url', 'postgres://x', '--concurrency', '0');
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/^campaign-sim: invalid_request: --concurrency must be an integer >= 1\n$/);
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  });

  it('the example webhook receiver without WEBHOOK_SECRET says so on one line, exit 2', () => {
    const env = { ...process.env };
    delete env.WEBHOOK_SECRET;
    const r = spawnSync(process.execPath, [projectPath('examples', 'webhook-receiver.mjs')], { env, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^webhook-receiver: set WEBHOOK_SECRET[^\n]*\n$/);
  });
});
