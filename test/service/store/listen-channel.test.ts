// Store.listen on the real PostgreSQL (service/store/listen-channel.ts): a notification reaches
// the listener, its connection killed by the server is opened again and notifications reach it
// anew, and once stopped nothing more arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { openTestStore } from './test-store.js';

let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('listen'); });
afterAll(async () => { await store.drop(); });

/** Notifies `channel` until `got` holds `payload` (a notification sent while the listener reconnects is lost). */
async function notifyUntil(channel: string, payload: string, got: string[]): Promise<void> {
  for (let k = 0; k < 200 && !got.includes(payload); k++) {
    await store.query('SELECT pg_notify($1, $2)', [channel, payload]);
    await sleep(50);
  }
}

describe('Store.listen', () => {
  it('hears a notification, listens again after the server killed its connection, and stops', async () => {
    const channel = `t_listen_${randomBytes(4).toString('hex')}`;
    const got: string[] = [];
    const stop = await store.listen!(channel, (p) => got.push(p));
    await notifyUntil(channel, 'one', got);
    expect(got).toContain('one');

    const killed = await store.query<{ killed: boolean }>(
      `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE query = $1`, [`LISTEN "${channel}"`]);
    expect(killed.rows.map((r) => r.killed)).toEqual([true]);
    await notifyUntil(channel, 'two', got);
    expect(got).toContain('two');

    await stop();
    await store.query('SELECT pg_notify($1, $2)', [channel, 'three']);
    await store.query('SELECT pg_sleep(0.2)');
    expect(got).not.toContain('three');
  }, 30_000);
});
