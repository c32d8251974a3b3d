// The cities a project opened (spec "City diagnosis and growth" and "Versioning"): one row per
// project, municipality and release, whose id is the receipt. Opening is per release, so a
// project that opened a city at an older release keeps reading it there until it opens it at the
// newest; which release that is follows the order of the offered releases, not the clock.
import { contextMunicipality } from '../../src/context/context-municipality.js';
import { ServiceError } from '../../src/errors.js';
import { listReleases, openRelease } from '../../src/release/release.js';
import type { Release } from '../../src/release/types.js';
import type { Queryable } from '../store/open-store.js';
import { DIAGNOSIS_SQL } from '../store/queries/diagnoses.js';

/**
 * The price of opening a city, in micros: zero since 2026-10-12 (spec). It is recorded on each
 * receipt, so a city opened while it cost something still shows what its receipt says.
 */
export const DIAGNOSIS_PRICE_MICROS = 0;

/** A row of the diagnoses table: the receipt of one opening. */
export interface DiagnosisRow {
  recibo: string;
  project_id: string;
  municipio: string;
  release: string;
  preco_micros: number;
  aberto_em: Date;
}

/** Opens the city for the project at `release`: the new receipt (created) or the one it already had. */
export async function recordDiagnosisOpening(
  db: Queryable, projectId: string, municipio: string, release: string, now: Date,
): Promise<{ row: DiagnosisRow; created: boolean }> {
  const inserted = await db.query<DiagnosisRow>(DIAGNOSIS_SQL.open, [projectId, municipio, release, DIAGNOSIS_PRICE_MICROS, now]);
  if (inserted.rows.length > 0) return { row: inserted.rows[0], created: true };
  // A conflict means the row exists; rows go only with their project, so this finds it.
  const existing = await db.query<DiagnosisRow>(DIAGNOSIS_SQL.get, [projectId, municipio, release]);
  return { row: existing.rows[0], created: false };
}

/** The receipt the city is read at: the newest release the project opened it at; null when never opened. */
export async function openedDiagnosis(db: Queryable, projectId: string, municipio: string): Promise<DiagnosisRow | null> {
  const rows = (await db.query<DiagnosisRow>(DIAGNOSIS_SQL.listOfCity, [projectId, municipio])).rows;
  const order = listReleases();
  // A release no longer offered sorts below every offered one.
  return rows.reduce<DiagnosisRow | null>((best, r) => (best === null || order.indexOf(r.release) > order.indexOf(best.release) ? r : best), null);
}

/** The release the project reads the city at; 403 diagnosis_not_open when it never opened it. */
export async function releaseReadAt(db: Queryable, projectId: string, municipio: string): Promise<string> {
  const opened = await openedDiagnosis(db, projectId, municipio);
  if (opened === null) {
    throw new ServiceError('diagnosis_not_open', `the project has not opened the diagnosis of ${municipio}: open it with POST /v1/diagnosticos/${municipio} (free)`);
  }
  return opened.release;
}

/**
 * The city as an opening at the newest release sees it: its name, the release and its tract
 * count (counting the tracts also refuses a municipality whose UF the release does not offer).
 */
export function cityAtNewestRelease(codigo: string): { nome: string; release: Release; setores: number } {
  const release = openRelease();
  return { nome: contextMunicipality(codigo).nome, release, setores: release.tracts(codigo).length };
}
