// What `campaign-sim params` prints: each model parameter with its default in a release (per
// family), its type and range and its meaning, read from the one statement of the parameters
// (src/contract/model-parameters.ts) and the release's defaults (defaultParameters).
import { MODEL_PARAMETERS_SCHEMA, PARAMETER_FAMILIES, rangeText } from '../contract/model-parameters.js';
import type { JsonSchema } from '../contract/scenario-schema.js';
import type { Familia } from '../contract/types.js';
import { defaultParameters } from '../plan/default-parameters.js';
import type { ModelParameters, ReleaseManifest } from '../release/types.js';

export interface ParameterRow {
  nome: keyof ModelParameters;
  /** The families in which it changes a run; an override in another family is refused. */
  familias: readonly Familia[];
  /** The release's default per family it acts in; null when the release leaves it out (the model without it). */
  padrao: Partial<Record<Familia, unknown>>;
  /** Type and range in words, e.g. `a number from 0 to 1`. */
  faixa: string;
  significado: string;
}

/** Every model parameter, in the order of MODEL_PARAMETERS_SCHEMA, with `manifest`'s defaults. */
export function parameterTable(manifest: ReleaseManifest): ParameterRow[] {
  const props = MODEL_PARAMETERS_SCHEMA.properties as Record<keyof ModelParameters, JsonSchema>;
  return (Object.keys(props) as Array<keyof ModelParameters>).map((nome) => ({
    nome,
    familias: PARAMETER_FAMILIES[nome],
    padrao: Object.fromEntries(PARAMETER_FAMILIES[nome].map((f) => [f, defaultParameters(manifest, f)[nome] ?? null])),
    faixa: rangeText(props[nome]),
    significado: props[nome].description as string,
  }));
}
