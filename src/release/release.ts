// openRelease / listReleases / newestRelease: the read API of a release (municipalities, modelled
// tracts and weighting areas, the population of a set of UFs).
import { ServiceError } from '../errors.js';
import { censusDistricts } from './census-districts.js';
import { loadAtlas, loadMunicipalities } from './data-files.js';
import { loadUfShapes } from './geometry.js';
import { MANIFESTS } from './manifests.js';
import { loadPopulation } from '../population/population-store.js';
import { layoutTracts } from './tracts.js';
import { hasObservedTracts, layoutObservedTracts } from './observed-tract-layout.js';
import { tractPolygonsOf } from './tract-polygons.js';
import {
  UF_CODES,
  type BuildableRelease,
  type BuildProgress,
  type GeoJsonFeature,
  type GeoJsonFeatureCollection,
  type Municipality,
  type Population,
  type Release,
  type ReleaseManifest,
  type Tract,
  type TractLayout,
  type UfCode,
} from './types.js';

/** Versions of every offered release, oldest first. */
export function listReleases(): string[] {
  return MANIFESTS.map((m) => m.versao);
}

/** The newest offered release (the one opening a city uses). */
export function newestRelease(): string {
  return MANIFESTS[MANIFESTS.length - 1].versao;
}

/** What a client needs to pick a release: one row per offered release, oldest first. */
export interface ReleaseSummary {
  versao: string;
  publicada_em: string;
  /** UFs a scenario of this release may list. */
  ufs: UfCode[];
  /** UFs whose 5-year age grid is closed (age_grid_not_open). */
  ufs_grade_etaria_fechada: UfCode[];
  /** True for the newest release (the one opening a city uses). */
  mais_nova: boolean;
  /** Whether the release's adoption parameters (cenario_base pix) are calibrated: their verdict was aprovada. */
  calibrado: boolean;
}

/** The offered releases, oldest first (the CLI's release list and the MCP tool list_releases). */
export function releaseSummaries(): ReleaseSummary[] {
  const newest = newestRelease();
  return MANIFESTS.map((m) => ({
    versao: m.versao,
    publicada_em: m.publicada_em,
    ufs: [...m.ufs],
    ufs_grade_etaria_fechada: [...m.ufs_grade_etaria_fechada],
    mais_nova: m.versao === newest,
    calibrado: m.calibracao_pix?.veredito === 'aprovada',
  }));
}

/** The manifest of a release; release_unavailable naming the offered ones when unknown. */
export function releaseManifest(version: string): ReleaseManifest {
  const m = MANIFESTS.find((x) => x.versao === version);
  if (!m) {
    throw new ServiceError('release_unavailable', `release ${version} is not offered; offered releases: ${listReleases().join(', ')}`, {
      extra: { releases: listReleases() },
    });
  }
  return m;
}

const opened = new Map<string, ReleaseImpl>();

/** Opens a release by version (vX.Y.Z). Cheap: data files are read lazily and cached per process. */
export function openRelease(version: string = newestRelease()): Release {
  let r = opened.get(version);
  if (!r) {
    r = new ReleaseImpl(releaseManifest(version));
    opened.set(version, r);
  }
  return r;
}

/** Checks that every UF is offered by the manifest; release_unavailable naming the offered ones. */
export function checkUfs(manifest: ReleaseManifest, ufs: readonly string[]): UfCode[] {
  const bad = ufs.filter((u) => !manifest.ufs.includes(u as UfCode));
  if (bad.length > 0) {
    throw new ServiceError(
      'release_unavailable',
      `UF ${bad.join(', ')} not offered by release ${manifest.versao}; offered UFs: ${manifest.ufs.join(' ')}`,
      { extra: { ufs: [...manifest.ufs] } },
    );
  }
  return [...new Set(ufs as UfCode[])];
}

class ReleaseImpl implements BuildableRelease {
  readonly version: string;
  readonly manifest: ReleaseManifest;
  readonly ufs: readonly UfCode[];
  private byCode?: Map<string, Municipality>;
  private layouts = new Map<string, TractLayout>();

  constructor(manifest: ReleaseManifest) {
    this.version = manifest.versao;
    this.manifest = manifest;
    this.ufs = Object.freeze(UF_CODES.filter((u) => manifest.ufs.includes(u)));
  }

  private index(): Map<string, Municipality> {
    if (!this.byCode) {
      this.byCode = new Map();
      for (const m of loadMunicipalities()) if (this.ufs.includes(m.uf)) this.byCode.set(m.codigo, m);
    }
    return this.byCode;
  }

  municipality(code: string): Municipality | undefined {
    const m = this.index().get(code);
    return m ? { ...m } : undefined;
  }

  municipalities(uf?: UfCode): Municipality[] {
    if (uf !== undefined) checkUfs(this.manifest, [uf]);
    const out: Municipality[] = [];
    for (const m of this.index().values()) if (uf === undefined || m.uf === uf) out.push({ ...m });
    return out;
  }

  /** The typed tract layout of a municipality (BuildableRelease: the population builder places households in it). */
  tractLayout(code: string): TractLayout {
    let t = this.layouts.get(code);
    if (t) return t;
    const m = this.index().get(code);
    if (!m) throw new ServiceError('municipality_unknown', `${code} is not a municipality of the 2022 census grid in release ${this.version}`);
    const shape = loadUfShapes(m.uf).get(code)!;
    const districts = this.manifest.gerador.domicilios_censo ? censusDistricts().get(code) : undefined;
    const g = this.manifest.gerador;
    t = g.setores_observados && districts && hasObservedTracts(m)
      ? layoutObservedTracts(m, shape, g.semente, districts)
      : layoutTracts(m, shape, loadAtlas().get(code)!.urbanShare, g.semente, districts);
    this.layouts.set(code, t);
    return t;
  }

  tracts(code: string): Tract[] {
    const t = this.tractLayout(code);
    const out: Tract[] = new Array(t.n);
    for (let i = 0; i < t.n; i++) {
      out[i] = {
        codigo: t.codes[i], municipio: code, ap: t.apIndex[i] >= 0 ? t.aps[t.apIndex[i]] : null,
        urbano: t.urban[i] === 1, lat: t.lat[i], lon: t.lon[i], populacao: t.pop[i],
      };
      if (t.district) {
        out[i].distrito = t.district[i];
        out[i].domicilios = t.households![i];
        out[i].moradores_coletivos = t.collective![i];
      }
      if (this.manifest.gerador.setores_observados) out[i].observado = hasObservedTracts(this.index().get(code)!);
    }
    return out;
  }

  weightingAreas(code: string): string[] {
    return [...this.tractLayout(code).aps];
  }

  municipalityBoundary(code: string): GeoJsonFeature {
    const m = this.index().get(code);
    if (!m) throw new ServiceError('municipality_unknown', `${code} is not a municipality of the 2022 census grid in release ${this.version}`);
    const shape = loadUfShapes(m.uf).get(code)!;
    return {
      type: 'Feature',
      properties: { codigo: m.codigo, nome: m.nome, uf: m.uf, modelado: shape.modelled },
      geometry: { type: 'MultiPolygon', coordinates: shape.polygons },
    };
  }

  async tractPolygons(code: string): Promise<GeoJsonFeatureCollection> {
    const m = this.index().get(code);
    if (!m) throw new ServiceError('municipality_unknown', `${code} is not a municipality of the 2022 census grid in release ${this.version}`);
    return tractPolygonsOf(m, this.tractLayout(code), loadUfShapes(m.uf).get(code)!);
  }

  async population(ufs: readonly UfCode[], opts: { onProgress?: (p: BuildProgress) => void } = {}): Promise<Population> {
    const list = checkUfs(this.manifest, ufs);
    if (list.length === 0) throw new ServiceError('release_unavailable', `no UF listed; offered UFs: ${this.manifest.ufs.join(' ')}`);
    return loadPopulation(this, list, opts.onProgress);
  }
}
