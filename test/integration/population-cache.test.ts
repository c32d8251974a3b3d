// Population cache files: deterministic bytes, release-specific, corrupt or partial files rebuilt.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/errors.js';
import { readPopulationFile } from '../../src/population/population-file.js';
import { clearPopulationMemory, populationFileName, populationFilePath } from '../../src/population/population-store.js';
import { openRelease, releaseManifest } from '../../src/release/release.js';

const dirs: string[] = [];
function freshCache(): string {
  const d = mkdtempSync(join(tmpdir(), 'campaign-sim-cache-'));
  dirs.push(d);
  process.env.CAMPAIGN_SIM_CACHE = d;
  clearPopulationMemory();
  return d;
}
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const expectV1 = { release: 'v1.0.0', seed: releaseManifest('v1.0.0').gerador.semente, uf: 'RR' as const };

afterAll(() => {
  clearPopulationMemory();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('population cache', () => {
  let fileA = '';
  let fileOther = '';
  let digestA = '';

  it('writes byte-identical files for the same release, different ones for another release', async () => {
    freshCache();
    await openRelease('v1.0.0').population(['RR']);
    fileA = populationFilePath('v1.0.0', 'RR');
    digestA = sha(fileA);

    freshCache();
    const again = await openRelease('v1.0.0').population(['RR']);
    expect(sha(populationFilePath('v1.0.0', 'RR'))).toBe(digestA);

    const other = await openRelease('v1.1.0').population(['RR']);
    fileOther = populationFilePath('v1.1.0', 'RR');
    expect(sha(fileOther)).not.toBe(digestA);
    expect(other.nPersons).toBe(again.nPersons); // same Census totals
    expect(Buffer.from(other.attrs.buffer, other.attrs.byteOffset, other.attrs.byteLength)
      .equals(Buffer.from(again.attrs.buffer, again.attrs.byteOffset, again.attrs.byteLength))).toBe(false);
  });

  it('detects a flipped byte and rebuilds the file instead of reading it', async () => {
    process.env.CAMPAIGN_SIM_CACHE = join(fileA, '..', '..');
    clearPopulationMemory();
    const bytes = readFileSync(fileA);
    bytes[Math.floor(bytes.length / 2)] ^= 0x5a;
    writeFileSync(fileA, bytes);
    expect(await readPopulationFile(populationFileName('v1.0.0', 'RR'), expectV1)).toBeUndefined();
    const pop = await openRelease('v1.0.0').population(['RR']);
    expect(pop.nPersons).toBe(636707);
    expect(sha(fileA)).toBe(digestA);
  });

  it('detects a partial file and rebuilds it', async () => {
    clearPopulationMemory();
    truncateSync(fileA, 1000);
    expect(await readPopulationFile(populationFileName('v1.0.0', 'RR'), expectV1)).toBeUndefined();
    await openRelease('v1.0.0').population(['RR']);
    expect(sha(fileA)).toBe(digestA);
  });

  it('merges UFs read from files (not held in memory) like the single-UF populations', async () => {
    process.env.CAMPAIGN_SIM_CACHE = join(fileA, '..', '..');
    clearPopulationMemory();
    const both = await openRelease('v1.0.0').population(['RR', 'AP']); // AP is built here, RR read from its file
    const ap = await openRelease('v1.0.0').population(['AP']);
    const rr = await openRelease('v1.0.0').population(['RR']);
    expect(both.ufs).toEqual(['AP', 'RR']);
    expect(both.nPersons).toBe(ap.nPersons + rr.nPersons);
    expect(both.nGroups).toBe(ap.nGroups + rr.nGroups);
    const view = (a: Uint16Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    expect(view(both.attrs.subarray(ap.nPersons)).equals(view(rr.attrs))).toBe(true);
    expect(both.hhStart[ap.nHouseholds]).toBe(ap.nPersons);
    expect(both.tractCodes.slice(ap.nTracts)).toEqual(rr.tractCodes);
  });

  it('builds a UF once when several callers ask for it at the same time', async () => {
    const d = freshCache();
    const rel = openRelease('v1.1.0');
    const [a, b] = await Promise.all([rel.population(['RR']), rel.population(['RR'])]);
    expect(a.attrs).toBe(b.attrs); // the same cached arrays, not two builds
    expect(statSync(join(d, 'v1.1.0', 'populacao-RR.bin')).size).toBeGreaterThan(0);
  });

  it('never reads another release file put in its place', async () => {
    const target = join(freshCache(), 'v1.0.0-copy.bin');
    copyFileSync(fileOther, target);
    expect(await readPopulationFile('v1.0.0-copy.bin', expectV1)).toBeUndefined();
  });

  it('refuses an unknown UF naming the offered ones', async () => {
    const err = await openRelease('v1.0.0').population(['RR', 'ZZ' as never]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).code).toBe('release_unavailable');
    expect((err as ServiceError).message).toMatch(/ZZ.*offered UFs: AC AL AM/);
  });
});
