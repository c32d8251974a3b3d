// A release's exposure case: data/releases/<version>/caso-exposicao.json, the library case
// `exposicao` that the fit writes (calibration/midia/exposure-fit.ts, npm run bench:exposicao).
// Releases whose manifest sets `exposicao` (v2.0.0 on) take their media propensities and levels
// from it (src/models/recepcao/exposure-habits.ts). Keep the fields read here in sync with ExposureFit.
import { host } from '../platform/host.js';
import { MANIFESTS } from './manifests.js';
import type { MACRO_REGIOES } from './types.js';

type Regiao = (typeof MACRO_REGIOES)[number];

/** What a release's reception model reads of its exposure case. */
export interface ExposureCase {
  tv: { forma: number; diaria_medidor: number; fator_odds_regiao: Record<Regiao, number>; usuarios: { urbana: number; rural: number } };
  radio: { forma: number; diaria_regiao: Record<Regiao, number> };
  exterior: { forma: number };
  /** Correlation of the copula's media heaviness between channels (an assumption). */
  peso_midia: number;
}

/** The case's file, by its path from the package root: the release's own, or the one its generator's caso_exposicao names (v2.1.0 reads v2.0.0's). */
export function exposureCasePath(release: string): string {
  const of = MANIFESTS.find((m) => m.versao === release)?.gerador.caso_exposicao ?? release;
  return `data/releases/${of}/caso-exposicao.json`;
}

/** The release's exposure case document as stored, or null when the release has none. */
export function readExposureCaseDocument(release: string): unknown {
  const p = exposureCasePath(release);
  return host.packageHas(p) ? JSON.parse(host.packageText(p)) : null;
}

const cases = new Map<string, ExposureCase>();

/** The release's exposure parameters, read once per process; throws when the release has no case. */
export function exposureCase(release: string): ExposureCase {
  let c = cases.get(release);
  if (!c) {
    const doc = readExposureCaseDocument(release) as { ajuste: Omit<ExposureCase, 'peso_midia'> & { peso_midia: { padrao: number } } } | null;
    if (doc === null) throw new Error(`campaign-sim: release ${release} reads its media propensities from ${exposureCasePath(release)}, which is missing`);
    const a = doc.ajuste;
    c = {
      tv: { forma: a.tv.forma, diaria_medidor: a.tv.diaria_medidor, fator_odds_regiao: a.tv.fator_odds_regiao, usuarios: a.tv.usuarios },
      radio: { forma: a.radio.forma, diaria_regiao: a.radio.diaria_regiao },
      exterior: { forma: a.exterior.forma },
      peso_midia: a.peso_midia.padrao,
    };
    cases.set(release, c);
  }
  return c;
}

/** Generator tv_por_area: the share of persons in TV households [rural, urban] of the release's exposure case. */
export function tvUsersByArea(release: string): readonly [number, number] {
  const { usuarios } = exposureCase(release).tv;
  return [usuarios.rural, usuarios.urbana];
}
