// GET /v1/municipios/{codigo}/setores: a page of the municipality's tracts (context-tract-grid.ts)
// with a summary; limite 0 gives the summary only. Land cover, buildings and slope per tract are
// not in this data version: null, with the reason in `nulos`.
import { ServiceError } from '../errors.js';
import { loadSeatAltitude } from '../release/context-files.js';
import { contextMunicipality } from './context-municipality.js';
import { sourceCredits, type ContextSource } from '../tracts/context-sources.js';
import { contextTractGrid, type TractGridSource } from '../tracts/context-tract-grid.js';

/** Page size when the caller gives none (the spec leaves it open; every RR municipality fits). */
export const LIMITE_SETORES_CONTEXTO = 1000;

export interface TractPage {
  limite?: number;
  offset?: number;
}

export interface MunicipalityTractRow {
  setor: string;
  urbano: boolean | null;
  residentes: number | null;
  domicilios: number | null;
  cobertura_terra: null;
  edificacoes: null;
  declividade_pct: null;
}

export interface MunicipalityTracts {
  municipio: string;
  resumo: {
    setores: number;
    malha: TractGridSource;
    release: string | null;
    com_residentes: number;
    residentes: number;
    domicilios: number | null;
    urbanos: number | null;
    com_posicao: number;
  };
  setores: MunicipalityTractRow[];
  nulos: Record<'cobertura_terra' | 'edificacoes' | 'declividade_pct', string>;
  total: number;
  limite: number;
  offset: number;
  truncado: boolean;
  fontes: ContextSource[];
  aviso: string;
}

const NULOS: MunicipalityTracts['nulos'] = {
  cobertura_terra: 'não há mapa de cobertura da terra por setor nesta versão dos dados',
  edificacoes: 'não há cadastro de edificações por setor nesta versão dos dados (seria retido onde moram 1 a 4 domicílios)',
  declividade_pct: 'não há modelo de elevação nesta versão dos dados, só a altitude da sede',
};

export function municipalityTracts(codigo: string, page: TractPage = {}): MunicipalityTracts {
  const m = contextMunicipality(codigo);
  // Relief is read from the seat altitude table: a municipality it lacks has no relief here.
  if (!loadSeatAltitude().has(codigo)) throw new ServiceError('relief_missing', `municipality ${codigo} has no relief in this data version (its seat is not in the DATASUS municipality table)`);
  const grid = contextTractGrid(m);
  const limite = page.limite ?? LIMITE_SETORES_CONTEXTO;
  const offset = page.offset ?? 0;
  const s = grid.setores;
  const sum = (f: (t: (typeof s)[number]) => number | null) => s.reduce((acc, t) => acc + (f(t) ?? 0), 0);
  const anyNull = (f: (t: (typeof s)[number]) => unknown) => s.some((t) => f(t) === null);
  return {
    municipio: codigo,
    resumo: {
      setores: s.length, malha: grid.fonte, release: grid.release,
      com_residentes: s.filter((t) => t.residentes !== null).length, residentes: sum((t) => t.residentes),
      domicilios: anyNull((t) => t.domicilios) ? null : sum((t) => t.domicilios),
      urbanos: anyNull((t) => t.urbano) ? null : s.filter((t) => t.urbano).length,
      com_posicao: s.filter((t) => t.lat !== null).length,
    },
    setores: s.slice(offset, offset + limite).map((t) => ({
      setor: t.setor, urbano: t.urbano, residentes: t.residentes, domicilios: t.domicilios, cobertura_terra: null, edificacoes: null, declividade_pct: null,
    })),
    nulos: NULOS,
    total: s.length, limite, offset, truncado: offset + limite < s.length,
    fontes: sourceCredits(...grid.fontes),
    aviso: `${grid.aviso} Cobertura da terra, edificações e declividade por setor não estão nesta versão dos dados.`,
  };
}
