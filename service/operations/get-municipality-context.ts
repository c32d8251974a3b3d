// The municipality context (spec "Municipality context", results:read): read-only public data of
// a municipality, the same whatever the project, and never an input to a simulation. Each
// operation is the library function of src/context/ (docs/context.md): what the data version
// has, with fontes and aviso; 404 municipality_unknown outside the 2022 Census grid.
import { healthUnits, type HealthUnits } from '../../src/context/health-units.js';
import { municipalityProfile, type MunicipalityProfile } from '../../src/context/municipality-profile.js';
import { municipalityRainfall, type MunicipalityRainfall } from '../../src/context/municipality-rainfall.js';
import { LIMITE_SETORES_CONTEXTO, municipalityTracts, type MunicipalityTracts, type TractPage } from '../../src/context/municipality-tracts.js';
import { tractGeometry, type TractGeometry } from '../../src/context/tract-geometry.js';
import { tractNames, type TractNames } from '../../src/context/tract-names.js';
import { CODIGO_PARAMS } from './input-schemas.js';
import type { InputSchemas, Operation } from './operation.js';

/** The 7-digit municipality code of the route's path. */
export interface MunicipalityInput {
  codigo: string;
}

/**
 * A read of public data: the same answer for every caller, from the input alone (no caller, no
 * store), which `answer` gives; `run` is it for a caller. The HTTP routes have `answer` run in
 * the heavy reads' thread (service/http/heavy-read.ts).
 */
export type PublicRead<I, O, S extends InputSchemas> = Operation<I, O, S> & { answer(input: I): O | Promise<O> };

/** A context read of the municipality in the path. */
export type ContextRead<O> = PublicRead<MunicipalityInput, O, { params: typeof CODIGO_PARAMS }>;

/** A context read: the library function of the municipality, for any project with results:read. */
function contextRead<O>(name: string, read: (codigo: string) => O | Promise<O>): ContextRead<O> {
  const answer = ({ codigo }: MunicipalityInput) => read(codigo);
  return { name, scope: 'results:read', input: { params: CODIGO_PARAMS }, answer, run: async (_ctx, _principal, input) => answer(input) };
}

export const getMunicipalityProfile = contextRead<MunicipalityProfile>('get_municipality_profile', municipalityProfile);
export const getTractNames = contextRead<TractNames>('get_tract_names', tractNames);
/** The GeoJSON and its gzip bytes, built once per process. */
export const getTractGeometry = contextRead<TractGeometry>('get_tract_geometry', tractGeometry);
export const getMunicipalityRainfall = contextRead<MunicipalityRainfall>('get_municipality_rainfall', municipalityRainfall);
export const getHealthUnits = contextRead<HealthUnits>('get_health_units', healthUnits);

const TRACT_PAGE_QUERY = {
  type: 'object',
  properties: {
    limite: { type: 'integer', minimum: 0, default: LIMITE_SETORES_CONTEXTO, description: `tracts per page (default ${LIMITE_SETORES_CONTEXTO}); 0 for the summary only` },
    offset: { type: 'integer', minimum: 0, default: 0, description: 'tracts to skip' },
  },
} as const;

/** limite 0: the summary only; 404 relief_missing where the data version has no relief. */
const tractPage = ({ codigo, ...page }: MunicipalityInput & TractPage): MunicipalityTracts => municipalityTracts(codigo, page);
export const getMunicipalityTracts = {
  name: 'get_municipality_tracts',
  scope: 'results:read',
  input: { params: CODIGO_PARAMS, querystring: TRACT_PAGE_QUERY },
  answer: tractPage,
  async run(_ctx, _principal, input) {
    return tractPage(input);
  },
} satisfies PublicRead<MunicipalityInput & TractPage, MunicipalityTracts, InputSchemas>;
