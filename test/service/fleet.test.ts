// The measured fleet (service/execution/fleet.ts) on the real PostgreSQL: workers' signs of life, who
// counts as live, the rule the quotes apply (the live workers' task threads, capped by
// CAMPAIGN_SIM_WORKERS x threads when set, the configured fleet when none is live), a job one machine could not finish in 12 hours accepted by
// the quote once the fleet is live, and a worker process signing in and out by itself.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { beatFleet, FLEET_SILENCE_MS, fleetBudget, leaveFleet, liveWorkers, sweepSilentWorkers } from '../../service/execution/fleet.js';
import { checkScenario } from '../../service/operations/check-scenario.js';
import type { ServiceContext } from '../../service/service-context.js';
import { createRateLimiter } from '../../service/accounts/rate-limit.js';
import { runWorker } from '../../service/worker/worker.js';
import { fleetSpeedup } from '../../src/contract/job-limits.js';
import { validateScenario } from '../../src/contract/validate-scenario.js';
import { canal, receptionScenario } from '../fixtures/scenarios.js';
import { createFakeClock } from '../fixtures/fake-clock.js';
import { openTestStore } from './store/test-store.js';

const clock = createFakeClock();
let store: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => { store = await openTestStore('fleet', { clock }); });
afterAll(async () => { vi.unstubAllEnvs(); await store.drop(); });

const ALL_UFS = ['SP', 'MG', 'RJ', 'BA', 'PR', 'RS', 'PE', 'CE', 'PA', 'SC', 'MA', 'GO', 'AM', 'ES', 'PB', 'RN', 'MT', 'AL', 'PI', 'DF', 'MS', 'SE', 'RO', 'TO', 'AC', 'AP', 'RR'] as const;

describe('the measured fleet', () => {
  it('counts the workers seen within FLEET_SILENCE_MS, forgets those that left, sweeps the long silent', async () => {
    await beatFleet(store, 'a', 1);
    await beatFleet(store, 'b', 2);
    expect(await liveWorkers(store)).toBe(2);
    clock.advance(FLEET_SILENCE_MS - 1000);
    await beatFleet(store, 'b', 2);
    clock.advance(2000);
    expect(await liveWorkers(store)).toBe(1); // a is silent past the limit, b beat since
    await leaveFleet(store, 'b');
    expect(await liveWorkers(store)).toBe(0);
    expect(await sweepSilentWorkers(store)).toBe(0); // a is silent, not yet forgotten
    clock.advance(24 * 3600 * 1000);
    expect(await sweepSilentWorkers(store)).toBe(1);
  });

  it('quotes with the live workers\' task threads, capped by CAMPAIGN_SIM_WORKERS x threads when set, the configured fleet when none is live', async () => {
    const env = (workers?: string) => ({ CAMPAIGN_SIM_WORKER_THREADS: '2', CAMPAIGN_SIM_WORKER_MEMORY_MB: '1000', ...(workers ? { CAMPAIGN_SIM_WORKERS: workers } : {}) });
    const speedup = async (e: NodeJS.ProcessEnv) => fleetSpeedup(100, await fleetBudget(store, e));
    expect(await fleetBudget(store, env())).toEqual({ threads: 2, memoryBytes: 1000 * 2 ** 20, workers: 1 });
    expect(await speedup(env('3'))).toBe(3);
    await beatFleet(store, 'w1', 2);
    await beatFleet(store, 'w2', 4);
    await beatFleet(store, 'w3', 1);
    expect(await fleetBudget(store, env())).toMatchObject({ workers: 3, fleetThreads: 7 });
    expect(await speedup(env())).toBe(7 / 2);
    expect(await fleetBudget(store, env('2'))).toMatchObject({ workers: 2, fleetThreads: 4 });
    expect(await speedup(env('8'))).toBe(7 / 2);
    for (const id of ['w1', 'w2']) await leaveFleet(store, id);
    // one worker of 1 thread is less than one machine of 2: quoted as one machine
    expect(await speedup(env())).toBe(1);
    await leaveFleet(store, 'w3');
  });

  it('accepts a job one machine could not finish in 12 hours once the fleet that can is live', async () => {
    vi.stubEnv('CAMPAIGN_SIM_WORKER_THREADS', '8');
    vi.stubEnv('CAMPAIGN_SIM_WORKER_MEMORY_MB', String(2 ** 25));
    vi.stubEnv('CAMPAIGN_SIM_WORKERS', undefined);
    const dias = 180;
    const scenario = validateScenario(receptionScenario({
      replicas: 20, geografia: { ufs: [...ALL_UFS] }, horizonte: { data_inicio: '2026-01-05', dias },
      canais: [canal('tv', 1, dias, 0.6), canal('digital', 1, dias, 0.8), canal('radio', 1, dias, 0.5), canal('exterior', 1, dias, 0.4)],
    }));
    const ctx: ServiceContext = { store, clock, limiter: createRateLimiter({ backend: 'memory', clock }) };
    await expect(checkScenario(ctx, '00000000-0000-4000-8000-000000000000', scenario)).rejects.toMatchObject({ code: 'job_too_long' });
    await beatFleet(store, 'big-1', 8);
    await beatFleet(store, 'big-2', 8);
    const { quote } = await checkScenario(ctx, '00000000-0000-4000-8000-000000000000', scenario);
    expect(quote.minutos_estimados).toBeLessThanOrEqual(720);
    await leaveFleet(store, 'big-1');
    await leaveFleet(store, 'big-2');
    vi.unstubAllEnvs();
  });

  it('a worker that takes tasks signs in when it starts and out when it stops', async () => {
    const w = runWorker(store, { workerId: 'self', pollMs: 50, sweepMs: 0, webhookAgent: null, taskThreads: 1 });
    for (let k = 0; k < 200 && (await liveWorkers(store)) === 0; k++) await sleep(50);
    expect((await store.query('SELECT id, threads FROM workers')).rows).toEqual([{ id: 'self', threads: 1 }]);
    await w.stop();
    expect(await liveWorkers(store)).toBe(0);
  }, 30_000);
});
