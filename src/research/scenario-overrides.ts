// `--param k=v` and the axes of a sweep: one name space over the model parameters (compilePlan's
// `parametros` overrides, e.g. beta0 or pesos_canais.digital) and the scenario's own fields (e.g.
// replicas or horizonte.dias). A dotted key sets a field inside an object. A name that is neither
// is refused on one line; the changed scenario is validated again, so a wrong value is refused
// with the contract's code like any scenario. The release (and the family) are scenario fields
// too, and they decide which model parameters exist: they are read from the overrides first.
import { resolveRelease, type ReleaseSource } from '../contract/release-checks.js';
import { validateScenario } from '../contract/validate-scenario.js';
import type { Scenario } from '../contract/types.js';
import { ServiceError } from '../errors.js';
import { defaultParameters } from '../plan/default-parameters.js';
import type { ModelParameters, Release } from '../release/types.js';

export interface Overridden {
  cenario: Scenario;
  parametros: Partial<ModelParameters>;
  /** The release the changed scenario names (a `release` override picks another). */
  release: Release;
}

/** `k=v` assignments; v is read as JSON when it is JSON (numbers, booleans, arrays), else as text. */
export function parseAssignments(list: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of list) {
    const eq = a.indexOf('=');
    if (eq < 1) throw new ServiceError('invalid_request', `--param ${JSON.stringify(a)}: expected name=value (e.g. beta0=-6.5 or replicas=2)`, { field: '--param' });
    const text = a.slice(eq + 1);
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // plain text, e.g. grupo_comparacao=abc
    }
    out[a.slice(0, eq)] = value;
  }
  return out;
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
  const defaults = defaultParameters(release.manifest, fieldAfter(scenario, overrides, 'familia') as Scenario['familia']) as unknown as Record<string, unknown>;
  const cenario = clone(scenario) as unknown as Record<string, unknown>;
  const parametros = clone(base) as Record<string, unknown>;
  let scenarioChanged = false;
  for (const [key, value] of Object.entries(overrides)) {
    const [head, ...rest] = key.split('.');
    if (head in defaults) {
      if (rest.length === 0) parametros[head] = value;
      else {
        parametros[head] ??= clone(defaults[head]);
        setPath(parametros[head] as Record<string, unknown>, rest, value);
      }
    } else if (head in cenario) {
      setPath(cenario, [head, ...rest], value);
      scenarioChanged = true;
    } else {
      throw new ServiceError(
        'invalid_request',
        `${JSON.stringify(key)} is neither a model parameter (${Object.keys(defaults).join(', ')}) nor a field of the scenario (${Object.keys(cenario).join(', ')})`,
        { field: key },
      );
    }
  }
  return {
    cenario: scenarioChanged ? validateScenario(cenario, release) : scenario,
    parametros: parametros as Partial<ModelParameters>,
    release,
  };
}
