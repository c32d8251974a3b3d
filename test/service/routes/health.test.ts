// GET /healthz through the real app on the real PostgreSQL: public, not counted, 200 while the
// store answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await openHarness('health'); });
afterAll(async () => { await h?.close(); });

describe('GET /healthz', () => {
  it('answers 200 with the store kind, public and not counted', async () => {
    const res = await h.call('GET', '/healthz', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ estado: 'ok', armazenamento: 'postgres', contadores: expect.any(String) });
    expect(res.headers['ratelimit-remaining']).toBeUndefined();
  });
});
