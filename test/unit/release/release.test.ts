// Release manifests and the read API that needs no population build (municipalities, tracts, weighting areas).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/errors.js';
import { loadMunicipalities, porteOf } from '../../../src/release/data-files.js';
import { readSourceCredits } from '../../../src/release/fontes-file.js';
import { insideShape, loadUfShapes } from '../../../src/release/geometry.js';
import { listReleases, newestRelease, openRelease, releaseManifest } from '../../../src/release/release.js';
import { UF_CODES } from '../../../src/release/types.js';
import { listContextSources } from '../../../src/tracts/context-sources.js';
import { projectPath } from '../../../src/project-path.js';

function refusal(f: () => unknown): ServiceError {
  try { f(); } catch (e) { if (e instanceof ServiceError) return e; throw e; }
  throw new Error('expected a ServiceError');
}

describe('releases', () => {
  it('offers v1.0.0 to v2.1.0, newest last', () => {
    expect(listReleases()).toEqual(['v1.0.0', 'v1.1.0', 'v1.2.0', 'v1.3.0', 'v1.4.0', 'v1.5.0', 'v1.6.0', 'v1.7.0', 'v1.8.0', 'v1.9.0', 'v2.0.0', 'v2.1.0']);
    expect(newestRelease()).toBe('v2.1.0');
    expect(openRelease().version).toBe('v2.1.0');
  });

  it('refuses an unknown release naming the offered ones', () => {
    const e = refusal(() => openRelease('v9.9.9'));
    expect(e.code).toBe('release_unavailable');
    expect(e.status).toBe(422);
    expect(e.message).toContain('v1.0.0');
    expect(e.message).toContain('v1.1.0');
  });

  it('refuses an unknown UF naming the offered ones', () => {
    const e = refusal(() => openRelease('v1.0.0').municipalities('XX' as never));
    expect(e.code).toBe('release_unavailable');
    expect(e.message).toContain('XX');
    for (const uf of UF_CODES) expect(e.message).toContain(uf);
  });

  it('manifests: 27 UFs, exactly one closed age grid UF that is offered, releases differ by seed', () => {
    const a = releaseManifest('v1.0.0');
    const b = releaseManifest('v1.1.0');
    expect(a.ufs).toHaveLength(27);
    expect(a.ufs_grade_etaria_fechada).toHaveLength(1);
    expect(a.ufs).toContain(a.ufs_grade_etaria_fechada[0]);
    expect(a.gerador.semente).not.toBe(b.gerador.semente);
    expect(a.parametros_pix.deslocamento_porte).toHaveLength(7);
    expect(Object.keys(a.parametros_pix.pesos_canais).sort()).toEqual(['digital', 'domicilio', 'estabelecimento', 'turma', 'vizinhanca']);
    expect(a.preco_micros_por_pessoa_dia).toBeGreaterThan(0);
    expect(a.aviso).toMatch(/modelled/);
  });

  it('manifests list their fields in one order, the ones read from the case files (Pix, GRP table, notice) included', () => {
    const m = releaseManifest('v2.1.0');
    const order = ['versao', 'publicada_em', 'gerador', 'motor', 'ufs', 'ufs_grade_etaria_fechada', 'preco_micros_por_pessoa_dia',
      'pessoa_dias_por_segundo', 'parametros_pix', 'calibracao_pix', 'parametros_recepcao', 'recepcao_exposicao', 'tabela_grp', 'grades', 'fontes', 'aviso'];
    expect(Object.keys(JSON.parse(JSON.stringify(m)))).toEqual(order);
    expect(Object.keys({ ...m })).toEqual(order);
    expect(m.calibracao_pix?.release).toBe('v2.1.0');
    expect(m.tabela_grp!.length).toBeGreaterThan(0);
    expect(Object.keys(JSON.parse(JSON.stringify(releaseManifest('v1.0.0'))))).toEqual(order.filter((k) => k !== 'recepcao_exposicao' && k !== 'tabela_grp'));
  });

  it('fontes credit every file of data/br (each release the files its generator reads, the context answers the rest, fontes_exposicao what no release reads yet)', () => {
    const fontes = [...listReleases().flatMap((v) => releaseManifest(v).fontes), ...readSourceCredits().fontes_exposicao];
    const patterns = fontes.map((f) => new RegExp('^' + f.arquivo!.replace(/[.]/g, '\\.').replace('NN', '\\d\\d').replace('*', '[^/]+') + '$'));
    const walk = (dir: string, rel: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? walk(join(dir, d.name), `${rel}/${d.name}`) : [`${rel}/${d.name}`]);
    const files = walk(projectPath('data', 'br'), 'data/br').filter((f) => /\.(csv|json)$/.test(f));
    expect(files.length).toBeGreaterThan(40);
    const contextFolders = listContextSources().map((s) => s.arquivo);
    for (const f of files) expect(patterns.some((p) => p.test(f)) || contextFolders.some((d) => f.startsWith(d)), f).toBe(true);
    for (const f of fontes) { expect(f.credito.length).toBeGreaterThan(5); expect(f.licenca.length).toBeGreaterThan(2); expect(f.uso.length).toBeGreaterThan(10); }
  });
});

describe('municipalities', () => {
  const r = openRelease('v1.0.0');

  it('gives Boa Vista with code, name, UF, population and porte', () => {
    const m = r.municipality('1400100')!;
    expect(m).toMatchObject({ codigo: '1400100', nome: 'Boa Vista', uf: 'RR', regiao: 'Norte', populacao: 413486, porte: 5, capital: true });
    expect(r.municipality('5101837')).toBeUndefined(); // installed after the 2022 Census
    expect(r.municipality('4300001')).toBeUndefined(); // a lagoon, not a municipality
  });

  it('holds the 5,570 Census municipalities and the national total 203,080,756', () => {
    const all = r.municipalities();
    expect(all).toHaveLength(5570);
    expect(all.reduce((s, m) => s + m.populacao, 0)).toBe(203080756);
    expect(r.municipalities('RR')).toHaveLength(15);
    for (const m of all) expect(m.codigo).toMatch(/^\d{7}$/);
  });

  it('porte follows the IBGE classes', () => {
    expect([5000, 5001, 10000, 10001, 20000, 50000, 100000, 500000, 500001].map(porteOf)).toEqual([0, 1, 1, 2, 2, 3, 4, 5, 6]);
    for (const m of loadMunicipalities()) expect(m.porte).toBe(porteOf(m.populacao));
  });
});

describe('tracts and weighting areas', () => {
  const r = openRelease('v1.0.0');
  // Large, small, missing from the boundary mesh (4220000, 5006275), and a capital.
  const codes = ['1400100', '1400027', '4220000', '5006275', '2800308', '3200102', '1400704'];

  it('have 15-digit codes inside the municipality code space and sum to the Census population', () => {
    for (const code of codes) {
      const m = r.municipality(code)!;
      const t = r.tracts(code);
      expect(new Set(t.map((x) => x.codigo)).size).toBe(t.length);
      for (const x of t) {
        expect(x.codigo).toMatch(/^\d{15}$/);
        expect(x.codigo.slice(0, 7)).toBe(code);
        expect(x.municipio).toBe(code);
        if (m.populacao >= 675) { expect(x.populacao).toBeGreaterThanOrEqual(299); expect(x.populacao).toBeLessThanOrEqual(601); }
      }
      expect(t.reduce((s, x) => s + x.populacao, 0)).toBe(m.populacao);
    }
  });

  it('place every centroid inside the municipality polygon (or the modelled disc of missing ones)', () => {
    // PE holds 4 of the 15 municipalities whose seat lies just outside the 2010 mesh.
    const all = [...codes, ...r.municipalities('PE').map((m) => m.codigo), '4105201', '3302452'];
    let outside = 0;
    for (const code of all) {
      const shape = loadUfShapes(r.municipality(code)!.uf).get(code)!;
      outside += r.tracts(code).filter((x) => !insideShape(shape, x.lon, x.lat)).length;
    }
    expect(outside).toBe(0);
  });

  it('put urban tracts nearer the seat than rural ones', () => {
    const m = r.municipality('1400100')!;
    const t = r.tracts('1400100');
    const dist = (x: { lat: number; lon: number }) => Math.hypot(x.lat - m.lat, (x.lon - m.lon) * Math.cos((m.lat * Math.PI) / 180));
    const median = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
    const urban = t.filter((x) => x.urbano).map(dist);
    const rural = t.filter((x) => !x.urbano).map(dist);
    expect(urban.length).toBeGreaterThan(rural.length);
    expect(median(urban)).toBeLessThan(median(rural) / 3);
  });

  it('group contiguous tracts into 10-digit weighting areas from 20,000 inhabitants', () => {
    for (const code of codes) {
      const m = r.municipality(code)!;
      const aps = r.weightingAreas(code);
      const t = r.tracts(code);
      if (m.populacao < 20000) { expect(aps).toEqual([]); expect(t.every((x) => x.ap === null)).toBe(true); continue; }
      expect(aps.length).toBeGreaterThanOrEqual(2);
      for (const a of aps) { expect(a).toMatch(/^\d{10}$/); expect(a.slice(0, 7)).toBe(code); }
      // Each area is one run of consecutive tracts (codes follow a space-filling curve).
      const seen = new Set<string>();
      let prev: string | null = null;
      for (const x of t) {
        if (x.ap !== prev) { expect(seen.has(x.ap!)).toBe(false); seen.add(x.ap!); prev = x.ap; }
      }
      expect(seen.size).toBe(aps.length);
    }
  });

  it('are deterministic per release and differ between releases', () => {
    const a = r.tracts('1400100');
    const b = openRelease('v1.1.0').tracts('1400100');
    expect(JSON.stringify(a)).toBe(JSON.stringify(r.tracts('1400100')));
    expect(b.map((x) => x.lat)).not.toEqual(a.map((x) => x.lat));
  });

  it('serves the municipality boundary, modelled only where the mesh lacks it', () => {
    const b = r.municipalityBoundary('1400100');
    expect(b.geometry.type).toBe('MultiPolygon');
    expect(b.properties).toMatchObject({ codigo: '1400100', nome: 'Boa Vista', uf: 'RR', modelado: false });
    expect((b.geometry.coordinates as unknown[]).length).toBeGreaterThan(0);
    expect(r.municipalityBoundary('4220000').properties.modelado).toBe(true);
    expect(refusal(() => r.municipalityBoundary('1234567')).code).toBe('municipality_unknown');
  });

  it('refuse a code outside the Census grid with municipality_unknown', () => {
    expect(refusal(() => r.tracts('5101837')).code).toBe('municipality_unknown');
  });
});
