// `name=value` assignments (`--param`, a sweep's fixed values): parsed here, applied by
// scenario-overrides.ts. This module loads only the parameter schema, not the scenario schema or
// the releases (whose manifests read the Pix cases when loaded), so the CLI checks the values of
// whole model parameters (`--param beta0=abc`) and refuses a wrong one before it loads them:
// bench/cli-startup.ts measures that refusal.
import { checkModelParameters, isModelParameter } from '../contract/model-parameters.js';
import { contractError } from '../errors.js';

/** `k=v` assignments; v is read as JSON when it is JSON (numbers, booleans, arrays), else as text. */
export function parseAssignments(list: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of list) {
    const eq = a.indexOf('=');
    if (eq < 1) throw contractError('wrong_type', '--param', `--param ${JSON.stringify(a)}: expected name=value (e.g. beta0=-6.5 or replicas=2)`);
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

/**
 * Checks the assignments that set a whole model parameter (`beta0=abc`) against its type and
 * range, the same check applyOverrides makes. A dotted one (`pesos_canais.digital=x`) is checked
 * there, once merged into the release's defaults; so are the scenario's fields and the families.
 */
export function checkAssignedParameters(assigned: Readonly<Record<string, unknown>>): void {
  checkModelParameters(Object.fromEntries(Object.entries(assigned).filter(([k]) => isModelParameter(k))));
}
