// The midia case file of the newest release is reproducible bit for bit from what it records (the
// counts of persons per cell, the built population's margins) and data/br/midia: the fit and every
// scored margin are recomputed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildMidiaCase, midiaCaseJson } from '../../calibration/midia/midia-case.js';
import { readMidiaCase } from '../../calibration/midia/midia-case-file.js';
import { midiaCasePath } from '../../src/release/internet-fit-file.js';
import { openRelease } from '../../src/release/release.js';

const RELEASE = 'v1.5.0';

describe('midia case (data/releases/v1.5.0/caso-midia.json)', () => {
  it('is rebuilt bit for bit from its counts and the survey files', () => {
    const stored = readMidiaCase(RELEASE)!;
    const again = buildMidiaCase(RELEASE, stored.internet.contagens.release, Float64Array.from(stored.internet.contagens.pessoas), stored.populacao);
    expect(midiaCaseJson(again)).toBe(readFileSync(midiaCasePath(RELEASE), 'utf8'));
  });

  it('is the fit the release draws internet use from, and credits the surveys', () => {
    const m = openRelease(RELEASE).manifest;
    expect(m.gerador.internet_conjunta).toBe(true);
    expect(m.fontes.map((f) => f.id)).toEqual(expect.arrayContaining(['pnad_tic_2023', 'tic_domicilios']));
    const stored = readMidiaCase(RELEASE)!;
    // The fitted PNAD margins (region, area) within 3 pp, the fitted TIC ones within 5 pp of the shifted values.
    for (const g of stored.internet.margens.filter((x) => x.uso === 'ajuste')) expect(Math.abs(g.erro_pp)).toBeLessThanOrEqual(g.limite_pp);
  });
});
