// `campaign-sim release list|build` through the real CLI entry (runCli).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clearPopulationMemory } from '../../../src/population/population-store.js';
import { runCliCaptured } from '../../fixtures/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'campaign-sim-cli-'));
afterAll(() => { clearPopulationMemory(); rmSync(dir, { recursive: true, force: true }); });

const run = runCliCaptured;

describe('campaign-sim release', () => {
  it('lists the releases', async () => {
    const r = await run('release', 'list', '--json');
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out) as Array<{ versao: string; mais_nova: boolean }>;
    expect(rows.map((x) => x.versao)).toEqual(['v1.0.0', 'v1.1.0', 'v1.2.0', 'v1.3.0', 'v1.4.0', 'v1.5.0', 'v1.6.0', 'v1.7.0', 'v1.8.0', 'v1.9.0', 'v2.0.0', 'v2.1.0']);
    expect(rows.at(-1)!.mais_nova).toBe(true);
  });

  it('builds RR and exits 0, writing the cache file', async () => {
    process.env.CAMPAIGN_SIM_CACHE = dir;
    const r = await run('release', 'build', '--release', 'v1.0.0', '--uf', 'RR');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/v1\.0\.0 RR: 636707 persons/);
    expect(statSync(join(dir, 'v1.0.0', 'populacao-RR.bin')).size).toBeGreaterThan(1_000_000);
  });

  it('refuses an unknown UF or release with exit 2 naming the offered ones', async () => {
    const uf = await run('release', 'build', '--uf', 'XX');
    expect(uf.code).toBe(2);
    expect(uf.err).toMatch(/release_unavailable: .*XX.*offered UFs: AC/);
    const rel = await run('release', 'build', '--release', 'v0.0.1', '--uf', 'RR');
    expect(rel.code).toBe(2);
    expect(rel.err).toMatch(/offered releases: v1\.0\.0, v1\.1\.0/);
  });
});
