// The release files a run reads: the manifests read a release's Pix case and GRP table when a field
// that states them is first asked for (src/release/manifests.ts), so a run of one release (and the
// playground's page, which holds every file a run reads) does not read every release's 2.5-2.7 MB Pix case.
import { describe, expect, it, vi } from 'vitest';
import { canal, receptionScenario } from '../fixtures/scenarios.js';

describe('the release files a run reads', () => {
  it('a reception run of the newest release reads its own Pix case and GRP table, no other release\'s', async () => {
    // fresh modules, loaded after the recording starts: the files read when a module loads count too
    vi.resetModules();
    const { recordPackageReads } = await import('../../src/platform/host.js');
    const reads = recordPackageReads();
    const { newestRelease } = await import('../../src/release/release.js');
    const { runSimulation } = await import('../../src/research/simulation.js');
    const { closePool } = await import('../../src/pool/pool.js');
    const newest = newestRelease();
    try {
      await runSimulation(receptionScenario({
        release: newest, canais: [canal('tv', 1, 7, 0.6)], horizonte: { data_inicio: '2026-01-05', dias: 7 }, replicas: 1,
      }), { threads: 1 });
    } finally {
      await closePool();
    }
    const caseFiles = [...reads.keys()].filter((p) => /\/(caso-pix|grp)\.json$/.test(p)).sort();
    expect(caseFiles).toEqual([`data/releases/${newest}/caso-pix.json`, `data/releases/${newest}/grp.json`]);
  }, 300_000);
});
