// A release's notice and its sources in the two languages (src/release/release-notice.ts,
// data/releases/fontes.json): the English the API serves and results store is the text every
// offered release has always had (test/baselines/release-notes-en.json, written before the
// Portuguese was added; a new release adds its own entry there), and the Portuguese of each says
// the same numbers, versions and codes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSourceCredits, readSourceWordsPt } from '../../../src/release/fontes-file.js';
import { releaseNotice } from '../../../src/release/release-notice.js';
import { listReleases, releaseManifest } from '../../../src/release/release.js';
import type { Fonte } from '../../../src/release/types.js';
import { projectPath } from '../../../src/project-path.js';

interface Pinned {
  releases: Record<string, { aviso: string; fontes: string[] }>;
  fontes: Record<string, Fonte>;
}
const PINNED = JSON.parse(readFileSync(projectPath('test', 'baselines', 'release-notes-en.json'), 'utf8')) as Pinned;

/** The digit runs of a text, sorted: "203,080,756" and "203.080.756" alike, "88.0%" and "88,0%" alike. */
const numbersOf = (s: string) => (s.match(/\d+/g) ?? []).sort();

describe('the release notice in English and in Portuguese', () => {
  it('keeps every offered release\'s English aviso and fontes as pinned, byte for byte', () => {
    for (const v of listReleases()) {
      const m = releaseManifest(v);
      expect(PINNED.releases[v], `${v} has no pinned English notice`).toBeDefined();
      expect(m.aviso).toBe(PINNED.releases[v].aviso);
      expect(JSON.stringify(m.fontes)).toBe(JSON.stringify(PINNED.releases[v].fontes.map((id) => PINNED.fontes[id])));
      expect(releaseNotice(m, 'en')).toBe(m.aviso);
    }
  });

  it('says each release\'s notice in Portuguese with the English\'s numbers, versions and codes', () => {
    for (const v of listReleases()) {
      const m = releaseManifest(v);
      const pt = releaseNotice(m, 'pt');
      expect(pt).toMatch(/^População sintética: /);
      expect(numbersOf(pt), v).toEqual(numbersOf(m.aviso));
      for (const code of m.aviso.match(/\b(?:parametros_pix|cenario_base|nao_calibrado|pix-\d+|v\d+\.\d+\.\d+|midia|exposicao|absorve|repassa|rejeita)\b/g) ?? []) {
        expect(pt, `${v}: ${code}`).toContain(code);
      }
    }
  });

  it('has every credited source\'s credit and use in Portuguese, with the English\'s numbers, and keeps pt out of the manifests', () => {
    const pt = readSourceWordsPt();
    const sources = [...listReleases().flatMap((v) => releaseManifest(v).fontes), ...Object.values(readSourceCredits()).flat()];
    for (const f of sources) {
      expect(Object.keys(f)).not.toContain('pt');
      const w = pt.get(f.id);
      expect(w?.credito, f.id).toBeTruthy();
      expect(w?.uso, f.id).toBeTruthy();
      expect(numbersOf(w!.credito), f.id).toEqual(numbersOf(f.credito));
      expect(numbersOf(w!.uso), f.id).toEqual(numbersOf(f.uso));
    }
  });
});
