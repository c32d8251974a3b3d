// GET /v1/municipios/{codigo}/saude: the municipality's health facilities with coordinates, in
// three groups: primary-care units (UBS, `atencao_basica`), and the hospitals and urgent-care units
// (`hospital`, `pronto_atendimento`, public or private) of the CNES extract of mid-2017, which covers
// 20 UFs (outside them the two groups are null, said in `aviso`). `usada`: the facility is the
// nearest of its group to some tract of the municipality's grid. A CNES row located at the
// municipal seat (origem_coord SEDE MUNICIPIO) is counted without coordinates, never served.
import { loadHealthUnits, loadHospitalsAndUrgentCare, UFS_CNES_2017, UFS_SEM_CNES_2017 } from '../release/context-files.js';
import { insideShape, loadUfShapes } from '../release/geometry.js';
import type { Municipality } from '../release/types.js';
import { contextMunicipality } from './context-municipality.js';
import { coverageOf, sourceCredits, type ContextSource } from '../tracts/context-sources.js';
import { contextTractGrid } from '../tracts/context-tract-grid.js';
import { nearestFinder } from '../tracts/nearest-point.js';

export const GRUPOS_SAUDE = ['atencao_basica', 'pronto_atendimento', 'hospital'] as const;
export type HealthGroup = (typeof GRUPOS_SAUDE)[number];

export interface HealthFacility {
  cnes: string;
  nome: string;
  lat: number;
  lon: number;
  grupo: HealthGroup;
  /** UBS for primary care; the CNES unit type for the others (HOSPITAL GERAL, PRONTO ATENDIMENTO, ...). */
  tipo: string;
  /** True when nearest of its group to some tract; null when the tract grid has no positions (2010 grid). */
  usada: boolean | null;
  /** The declared point lies inside the municipality (false: a geocoding error or a border case). */
  dentro_do_municipio: boolean | null;
}

/** One number per group; null where the group's source does not cover the municipality's UF. */
export type PerGroup = Record<HealthGroup, number | null>;

export interface HealthUnits {
  municipio: string;
  unidades: HealthFacility[];
  /** Facilities of each group in the sources (with or without coordinates), then those without and those used. */
  resumo: { atencao_basica: number; pronto_atendimento: number | null; hospital: number | null; sem_coordenadas: PerGroup; usadas: PerGroup };
  fontes: ContextSource[];
  aviso: string;
}

type Located = Omit<HealthFacility, 'usada'>;

interface GroupUnits {
  /** Every facility of the group in the source, with or without a usable point. */
  total: number;
  located: Located[];
}

/** Whether the point lies in the municipality's mesh polygon; null where the mesh lacks it (modelled disc). */
function insideMunicipality(m: Municipality): (lon: number, lat: number) => boolean | null {
  const shape = loadUfShapes(m.uf).get(m.codigo)!;
  return (lon, lat) => (shape.modelled ? null : insideShape(shape, lon, lat));
}

/** The municipality's facilities of each group; null for the CNES groups outside the 20 UFs of the extract. */
function groupUnits(m: Municipality): Record<HealthGroup, GroupUnits | null> {
  const ubs = loadHealthUnits().get(m.codigo) ?? [];
  const out: Record<HealthGroup, GroupUnits | null> = {
    atencao_basica: {
      total: ubs.length,
      located: ubs.flatMap((u) => (u.lat === null || u.lon === null ? [] : [{
        cnes: u.cnes, nome: u.nome, lat: u.lat, lon: u.lon, grupo: 'atencao_basica' as const, tipo: 'UBS', dentro_do_municipio: u.dentroDoMunicipio,
      }])),
    },
    pronto_atendimento: null,
    hospital: null,
  };
  if (!UFS_CNES_2017.includes(m.uf)) return out;
  const inside = insideMunicipality(m);
  const cnes = loadHospitalsAndUrgentCare().get(m.codigo) ?? [];
  for (const grupo of ['pronto_atendimento', 'hospital'] as const) {
    const of = cnes.filter((f) => f.grupo === grupo);
    out[grupo] = {
      total: of.length,
      located: of.flatMap((f) => (f.lat === null || f.lon === null ? [] : [{
        cnes: f.cnes, nome: f.nome, lat: f.lat, lon: f.lon, grupo, tipo: f.tipo, dentro_do_municipio: inside(f.lon, f.lat),
      }])),
    };
  }
  return out;
}

/** The municipality's facilities of one group that have a usable point; null where the group's source does not cover the UF. */
export function locatedHealthUnits(codigo: string, grupo: HealthGroup): Located[] | null {
  return groupUnits(contextMunicipality(codigo))[grupo]?.located ?? null;
}

/** The aviso's sentence on the CNES 2017 groups: year, what it misses, the seat rule, and this UF. */
function cnesNote(m: Municipality): string {
  const uf = UFS_CNES_2017.includes(m.uf)
    ? ''
    : ` ${m.uf} não está no extrato: pronto_atendimento e hospital são null (sem dado), não zero.`;
  return 'Hospitais e pronto-atendimentos (públicos ou privados): CNES de meados de 2017, que não tem os estabelecimentos abertos depois ' +
    `(as UPAs aparecem como PRONTO ATENDIMENTO) e não cobre ${UFS_SEM_CNES_2017.join(', ')}.${uf} ` +
    'Um estabelecimento cuja coordenada na fonte é a da sede do município (origem SEDE MUNICIPIO) conta em sem_coordenadas e não é listado.';
}

export function healthUnits(codigo: string): HealthUnits {
  const m = contextMunicipality(codigo);
  const groups = groupUnits(m);
  const grid = contextTractGrid(m);
  const placed = grid.setores.filter((t) => t.lat !== null && t.lon !== null);
  const unidades: HealthFacility[] = [];
  const sem_coordenadas: PerGroup = { atencao_basica: null, pronto_atendimento: null, hospital: null };
  const usadas: PerGroup = { atencao_basica: null, pronto_atendimento: null, hospital: null };
  for (const grupo of GRUPOS_SAUDE) {
    const g = groups[grupo];
    if (g === null) continue;
    sem_coordenadas[grupo] = g.total - g.located.length;
    let used: Set<number> | null = null;
    if (placed.length > 0) {
      const nearest = nearestFinder(g.located);
      used = new Set(placed.flatMap((t) => { const hit = nearest(t.lat!, t.lon!); return hit ? [hit.index] : []; }));
      usadas[grupo] = used.size;
    }
    unidades.push(...g.located.map((u, i) => ({ ...u, usada: used === null ? null : used.has(i) })));
  }
  const ubs = groups.atencao_basica!;
  const cobertura = ubs.total === 0 ? ` Nenhuma UBS deste município na fonte (${coverageOf('ubs')}).` : '';
  return {
    municipio: m.codigo, unidades,
    resumo: {
      atencao_basica: ubs.total, pronto_atendimento: groups.pronto_atendimento?.total ?? null, hospital: groups.hospital?.total ?? null,
      sem_coordenadas, usadas,
    },
    fontes: sourceCredits('ubs', 'cnes_2017'),
    aviso: 'Unidades com a coordenada declarada na fonte. Atenção básica: as unidades básicas de saúde (UBS, SUS) da publicação do Ministério da Saúde.' +
      cobertura + ' ' + cnesNote(m) +
      ` usada: a unidade é a mais próxima (em linha reta), entre as do seu grupo, do centro de algum setor ${grid.fonte === 'modelado' ? 'modelado ' : ''}do município` +
      (placed.length === 0 ? '; os setores de 2010 não têm posição, então usada é null.' : '.'),
  };
}
