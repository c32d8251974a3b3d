// The municipality context (spec "Municipality context", results:read): read-only public data of
// a municipality, the same whatever the project, and never an input to a simulation. Each
// operation is the library function of src/context/ (docs/context.md): what the data version
// has, with fontes and aviso; 404 municipality_unknown outside the 2022 Census grid.
import { healthUnits, type HealthUnits } from '../../src/context/health-units.js';
import { municipalityProfile, type MunicipalityProfile } from '../../src/context/municipality-profile.js';
import { municipalityRainfall, type MunicipalityRainfall } from '../../src/context/municipality-rainfall.js';
import { municipalityTracts, type MunicipalityTracts, type TractPage } from '../../src/context/municipality-tracts.js';
import { tractGeometry, type TractGeometry } from '../../src/context/tract-geometry.js';
import { tractNames, type TractNames } from '../../src/context/tract-names.js';
import type { Operation } from './operation.js';

/** The 7-digit municipality code of the route's path. */
export interface MunicipalityInput {
  codigo: string;
}

/** A context read: the library function of the municipality, for any project with results:read. */
function contextRead<O>(read: (codigo: string) => O | Promise<O>): Operation<MunicipalityInput, O> {
  return { scope: 'results:read', run: async (_ctx, _principal, { codigo }) => read(codigo) };
}

export const getMunicipalityProfile = contextRead<MunicipalityProfile>(municipalityProfile);
export const getTractNames = contextRead<TractNames>(tractNames);
/** The GeoJSON and its gzip bytes, built once per process. */
export const getTractGeometry = contextRead<TractGeometry>(tractGeometry);
export const getMunicipalityRainfall = contextRead<MunicipalityRainfall>(municipalityRainfall);
export const getHealthUnits = contextRead<HealthUnits>(healthUnits);

/** limite 0: the summary only; 404 relief_missing where the data version has no relief. */
export const getMunicipalityTracts: Operation<MunicipalityInput & TractPage, MunicipalityTracts> = {
  scope: 'results:read',
  async run(_ctx, _principal, { codigo, ...page }) {
    return municipalityTracts(codigo, page);
  },
};
