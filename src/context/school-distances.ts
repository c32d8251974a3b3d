// variavel=escolas of the city diagnosis: for each tract of the release, the straight-line
// distance in metres from its centre to the nearest school in operation of each stage, with the
// school's INEP code, and the share of the city's schools that have coordinates. The INEP
// catalogue of this data version covers São Paulo city only; elsewhere the variable is withheld.
import type { Municipality, Release } from '../release/types.js';
import { loadSchools, type School } from '../release/context-files.js';
import { nearestFinder, type NearestFinder } from '../tracts/nearest-point.js';

export const SAO_PAULO = '3550308';

/** The stages answered, by the catalogue's label. */
export const ETAPAS = { educacao_infantil: 'Educação Infantil', ensino_fundamental: 'Ensino Fundamental', ensino_medio: 'Ensino Médio' } as const;
export type Etapa = keyof typeof ETAPAS;

export interface NearestSchool {
  codigo_inep: string;
  distancia_m: number;
  /** Enrolment band of the school ("min-max"); the catalogue gives bands, not counts. */
  porte: string;
}

export interface SchoolDistances {
  disponivel: boolean;
  motivo: string | null;
  /** Schools of the city with coordinates / all schools of the catalogue. */
  parte_com_coordenadas: number | null;
  setores: Array<{ setor: string } & Record<Etapa, NearestSchool | null>>;
}

type LocatedSchool = School & { lat: number; lon: number };

/** Nearest-school finders per stage over the schools in operation with coordinates. */
export function schoolFinders(): Record<Etapa, { schools: LocatedSchool[]; nearest: NearestFinder }> {
  const open = loadSchools().filter((s): s is LocatedSchool => s.situacao === 'em_funcionamento' && s.lat !== null && s.lon !== null);
  const out = {} as Record<Etapa, { schools: LocatedSchool[]; nearest: NearestFinder }>;
  for (const [etapa, label] of Object.entries(ETAPAS) as Array<[Etapa, string]>) {
    const schools = open.filter((s) => s.etapas.includes(label));
    out[etapa] = { schools, nearest: nearestFinder(schools) };
  }
  return out;
}

/** The nearest school of each stage to a point. */
export function nearestSchools(finders: ReturnType<typeof schoolFinders>, lat: number, lon: number): Record<Etapa, NearestSchool | null> {
  const out = {} as Record<Etapa, NearestSchool | null>;
  for (const etapa of Object.keys(ETAPAS) as Etapa[]) {
    const hit = finders[etapa].nearest(lat, lon);
    const s = hit ? finders[etapa].schools[hit.index] : null;
    out[etapa] = s && hit ? { codigo_inep: s.codigo_inep, distancia_m: hit.distancia_m, porte: s.porte } : null;
  }
  return out;
}

export const SEM_ESCOLAS = 'o catálogo de escolas do INEP desta versão dos dados cobre só a cidade de São Paulo (3550308)';

export function schoolDistances(release: Release, m: Municipality): SchoolDistances {
  if (m.codigo !== SAO_PAULO) return { disponivel: false, motivo: SEM_ESCOLAS, parte_com_coordenadas: null, setores: [] };
  const all = loadSchools();
  const finders = schoolFinders();
  return {
    disponivel: true, motivo: null,
    parte_com_coordenadas: Math.round((all.filter((s) => s.lat !== null).length / all.length) * 1000) / 1000,
    setores: release.tracts(m.codigo).map((t) => ({ setor: t.codigo, ...nearestSchools(finders, t.lat, t.lon) })),
  };
}
