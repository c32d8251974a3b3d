// The growth request of POST /v1/diagnosticos/{codigo}/crescimento (and the MCP tool
// estimate_growth): versao 1, municipio (the route's), unidades 1..20000 and exactly one of
// poligono (3 to 1,001 [longitude, latitude] points) or setores (15-digit codes). Refusals are
// 422 invalid_growth_request with the spec's growth_* contract_code and the field.
import { ServiceError, type ContractCode } from '../errors.js';

export interface GrowthRequest {
  versao: 1;
  municipio: string;
  unidades: number;
  poligono?: Array<[number, number]>;
  setores?: string[];
}

export const UNIDADES_MAX = 20000;
export const PONTOS_POLIGONO = { min: 3, max: 1001 } as const;

const FIELDS = ['versao', 'municipio', 'unidades', 'poligono', 'setores'];

export function growthError(contractCode: ContractCode, field: string, message: string): ServiceError {
  return new ServiceError('invalid_growth_request', message, { contractCode, field });
}

function isPoint(p: unknown): p is [number, number] {
  return Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'number' && Number.isFinite(x))
    && Math.abs(p[0] as number) <= 180 && Math.abs(p[1] as number) <= 90;
}

/** The request checked against its contract and the route's municipality code. */
export function validateGrowthRequest(body: unknown, codigo: string): GrowthRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw growthError('growth_wrong_type', '', 'the growth request must be an object');
  const b = body as Record<string, unknown>;
  const unknown = Object.keys(b).find((k) => !FIELDS.includes(k));
  if (unknown !== undefined) throw growthError('growth_unknown_field', unknown, `${unknown} is not a field of the growth request`);
  for (const k of ['versao', 'municipio', 'unidades']) {
    if (b[k] === undefined || b[k] === null || b[k] === '') throw growthError('growth_missing_field', k, `${k} is required`);
  }
  if (b.versao !== 1) throw growthError('growth_version_unsupported', 'versao', 'versao must be 1');
  if (typeof b.municipio !== 'string' || !/^\d{7}$/.test(b.municipio) || b.municipio !== codigo) {
    throw growthError('growth_municipality_malformed', 'municipio', `municipio must be the route's 7-digit municipality code ${codigo}`);
  }
  if (typeof b.unidades !== 'number' || !Number.isInteger(b.unidades)) throw growthError('growth_wrong_type', 'unidades', 'unidades must be an integer');
  if (b.unidades < 1 || b.unidades > UNIDADES_MAX) throw growthError('growth_units_range', 'unidades', `unidades must be 1 to ${UNIDADES_MAX}`);
  const given = ['poligono', 'setores'].filter((k) => b[k] !== undefined && b[k] !== null);
  if (given.length !== 1) throw growthError('growth_territory_malformed', given.length === 0 ? 'poligono' : 'setores', 'give exactly one of poligono and setores');
  if (given[0] === 'setores') {
    const s = b.setores;
    if (!Array.isArray(s) || s.length === 0) throw growthError('growth_territory_malformed', 'setores', 'setores must be a non-empty array of 15-digit tract codes');
    const bad = s.findIndex((c) => typeof c !== 'string' || !/^\d{15}$/.test(c));
    if (bad >= 0) throw growthError('growth_territory_malformed', `setores[${bad}]`, 'a tract code has 15 digits');
    return { versao: 1, municipio: codigo, unidades: b.unidades, setores: s as string[] };
  }
  const p = b.poligono;
  if (!Array.isArray(p) || p.length < PONTOS_POLIGONO.min || p.length > PONTOS_POLIGONO.max) {
    throw growthError('growth_polygon_malformed', 'poligono', `poligono must be an array of ${PONTOS_POLIGONO.min} to ${PONTOS_POLIGONO.max} points`);
  }
  const bad = p.findIndex((pt) => !isPoint(pt));
  if (bad >= 0) throw growthError('growth_polygon_malformed', `poligono[${bad}]`, 'a point is [longitude, latitude] within -180..180 and -90..90');
  return { versao: 1, municipio: codigo, unidades: b.unidades, poligono: p as Array<[number, number]> };
}
