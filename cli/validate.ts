// `campaign-sim validate FILE`: prints the normalised scenario (or calibration request body) as
// JSON and exits 0, or prints the refusal envelope {"detail": {...}} as JSON on stdout and exits 2.
// The validators (Ajv and the compiled schemas) load inside the action, not with the CLI.
import type { Command } from 'commander';
import { ServiceError, contractError } from '../src/errors.js';
import type { CalibrationBody, Scenario } from '../src/contract/types.js';
import { readInputText } from './input-file.js';

/** A calibration request body is recognised by its shape: an object with `pedido`. */
export function isCalibrationBody(doc: unknown): boolean {
  return typeof doc === 'object' && doc !== null && !Array.isArray(doc) && 'pedido' in doc;
}

/** Reads a JSON file and validates it as a scenario or a calibration body (by its shape). */
export async function readAndValidate(file: string): Promise<{ kind: 'cenario'; doc: Scenario } | { kind: 'calibracao'; doc: CalibrationBody }> {
  const text = await readInputText(file);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw contractError('wrong_type', '', `${file} is not JSON: ${(err as Error).message}`);
  }
  if (isCalibrationBody(json)) {
    const { validateCalibrationRequest } = await import('../calibration/validate-request.js');
    return { kind: 'calibracao', doc: validateCalibrationRequest(json) };
  }
  const { validateScenario } = await import('../src/contract/validate-scenario.js');
  return { kind: 'cenario', doc: validateScenario(json) };
}

/** Runs a command body; a refusal becomes the envelope on stdout and exit code 2. */
export async function printOrRefuse(work: () => Promise<unknown>): Promise<void> {
  try {
    process.stdout.write(`${JSON.stringify(await work(), null, 2)}\n`);
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    process.stdout.write(`${JSON.stringify(err.toEnvelope())}\n`);
    process.exitCode = err.status === 422 ? 2 : 1;
  }
}

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('Check a campaign scenario or a calibration request body ({pedido, serie, serie_sha256}) against the contract; print it normalised (exit 0) or the refusal {"detail": {code, message, contract_code, field}} (exit 2)')
    .argument('<file>', 'JSON file')
    .action(async (file: string) => {
      await printOrRefuse(async () => (await readAndValidate(file)).doc);
    });
}
