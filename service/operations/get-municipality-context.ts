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

export const getMunicipalityProfile: Operation<MunicipalityInput, MunicipalityProfile> = {
  scope: 'results:read',
  async run(_ctx, _principal, { codigo }) {
    return municipalityProfile(codigo);
  },
};

/** limite 0: the summary only; 404 relief_missing where the data version has no relief. */
export const getMunicipalityTracts: Operation<MunicipalityInput & TractPage, MunicipalityTracts> = {
  scope: 'results:read',
  async run(_ctx, _principal, { codigo, ...page }) {
    return municipalityTracts(codigo, page);
  },
};

export const getTractNames: Operation<MunicipalityInput, TractNames> = {
  scope: 'results:read',
  async run(_ctx, _principal, { codigo }) {
    return tractNames(codigo);
  },
};

/** The GeoJSON and its gzip bytes, built once per process. */
export const getTractGeometry: Operation<MunicipalityInput, TractGeometry> = {
  scope: 'results:read',
  async run(_ctx, _principal, { codigo }) {
    return tractGeometry(codigo);
  },
};

export const getMunicipalityRainfall: Operation<MunicipalityInput, MunicipalityRainfall> = {
  scope: 'results:read',
  async run(_ctx, _principal, { codigo }) {
    return municipalityRainfall(codigo);
  },
};

export const getHealthUnits: Operation<MunicipalityInput, HealthUnits> = {
  scope: 'results:read',
  async run(_ctx, _principal, { codigo }) {
    return healthUnits(codigo);
  },
};
