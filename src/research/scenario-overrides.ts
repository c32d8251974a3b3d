// `--param k=v` and the axes of a sweep: one name space over the model parameters (compilePlan's
// `parametros` overrides, e.g. beta0 or pesos_canais.digital) and the scenario's own fields (e.g.
// replicas or horizonte.dias). A dotted key sets a field inside an object. A name that is neither
// is refused on one line, and so is a parameter that does not act in the scenario's family; the
// parameters are checked against their types and ranges (src/contract/model-parameters.ts) and the
// changed scenario is validated again, so a wrong value is refused with the contract's code before
// anything runs. The release (and the family) are scenario fields too, and they decide the
// defaults a dotted parameter name changes: they are read from the overrides first. The
// assignments themselves are parsed by parameter-assignments.ts.
import { resolveRelease, type ReleaseSource } from '../contract/release-checks.js';
import { checkModelParameters, isModelParameter, PARAMETER_FAMILIES } from '../contract/model-parameters.js';
import { validateScenario } from '../contract/validate-scenario.js';
import type { Scenario } from '../contract/types.js';
import { contractError } from '../errors.js';
import { defaultParameters } from '../plan/default-parameters.js';
import type { ModelParameters, Release } from '../release/types.js';

export interface Overridden {
  cenario: Scenario;
  parametros: Partial<ModelParameters>;
  /** The release the changed scenario names (a `release` override picks another). */
  release: Release;
}

function clone<T>(v: T): T {
  return structuredClone(v);
}

/** Sets `path` (the keys below the top one) in `target`, making objects on the way. */
function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let o = target;
  for (const k of path.slice(0, -1)) {
    const next = o[k];
    o = (o[k] = next !== null && typeof next === 'object' ? next : {}) as Record<string, unknown>;
  }
  o[path[path.length - 1]] = value;
}

/** A string override of a top-level scenario field, else the scenario's own value (validation refuses a wrong type). */
function fieldAfter(scenario: Scenario, overrides: Readonly<Record<string, unknown>>, field: 'release' | 'familia'): string {
  const v = overrides[field];
  return typeof v === 'string' ? v : scenario[field];
}

/**
 * The scenario and parameter overrides after `overrides` (applied on top of `base`, the caller's own
 * overrides), and the release they name, found in `source` (default: the releases of this package;
 * a single Release refuses any other version as release_unavailable).
 */
export function applyOverrides(
  scenario: Scenario, overrides: Readonly<Record<string, unknown>>, source?: ReleaseSource, base: Partial<ModelParameters> = {},
): Overridden {
  const release = resolveRelease(fieldAfter(scenario, overrides, 'release'), source);
  const familia = fieldAfter(scenario, overrides, 'familia') as Scenario['familia'];
  const defaults = defaultParameters(release.manifest, familia) as unknown as Record<string, unknown>;
  const cenario = clone(scenario) as unknown as Record<string, unknown>;
  const parametros = clone(base) as Record<string, unknown>;
  let scenarioChanged = false;
  for (const [key, value] of Object.entries(overrides)) {
    const [head, ...rest] = key.split('.');
    if (isModelParameter(head)) {
      if (!PARAMETER_FAMILIES[head].includes(familia)) {
        throw contractError('parameter_not_allowed', key, `${head} does not act in familia ${familia} (it does in ${PARAMETER_FAMILIES[head].join(', ')}): overriding it would change nothing`);
      }
      if (rest.length === 0) parametros[head] = value;
      else {
        parametros[head] ??= clone(defaults[head] ?? {});
        setPath(parametros[head] as Record<string, unknown>, rest, value);
      }
    } else if (head in cenario) {
      setPath(cenario, [head, ...rest], value);
      scenarioChanged = true;
    } else {
      throw contractError(
        'unknown_field',
        key,
        `${JSON.stringify(key)} is neither a model parameter of familia ${familia} (${Object.keys(PARAMETER_FAMILIES).filter((p) => PARAMETER_FAMILIES[p as keyof ModelParameters].includes(familia)).join(', ')}; campaign-sim params) nor a field of the scenario (${Object.keys(cenario).join(', ')})`,
      );
    }
  }
  checkModelParameters(parametros);
  return {
    cenario: scenarioChanged ? validateScenario(cenario, release) : scenario,
    parametros: parametros as Partial<ModelParameters>,
    release,
  };
}
