// `lancamento.cenario_base: calibracao`: the model parameters of a scenario come from a concluded
// calibration job of the same project (lancamento.calibracao = its id). Checked when the scenario
// is quoted or submitted, and read again by the worker when the job runs.
import { calibrationParametersFromBytes, type CalibrationBase } from '../../calibration/index.js';
import type { Scenario } from '../../src/contract/types.js';
import { ServiceError, contractError } from '../../src/errors.js';
import { getJob } from './jobs.js';
import { readStoredResult } from './results.js';
import type { Store } from '../store/open-store.js';

const FIELD = 'lancamento.calibracao';

/**
 * The calibrated parameters a scenario asks for, with the calibration's verdict, or undefined
 * for `cenario_base: pix` (the release's own). A calibration that is not a concluded calibration job of this project, or
 * whose data were erased, is refused as launch_calibration_malformed (it names no usable job).
 */
export async function resolveCalibrationBase(store: Store, projectId: string, scenario: Scenario): Promise<CalibrationBase | undefined> {
  const lanc = scenario.lancamento;
  if (lanc?.cenario_base !== 'calibracao' || !lanc.calibracao) return undefined;
  const id = lanc.calibracao;
  try {
    const job = await getJob(store, projectId, id);
    if (job.tipo !== 'calibracao') {
      throw contractError('launch_calibration_malformed', FIELD, `job ${id} is a ${job.tipo}, not a calibration`);
    }
    return calibrationParametersFromBytes(await readStoredResult(store, projectId, id));
  } catch (err) {
    if (err instanceof ServiceError && (err.code === 'not_found' || err.code === 'result_not_ready')) {
      throw contractError('launch_calibration_malformed', FIELD, `no concluded calibration ${id} in this project: ${err.message}`);
    }
    throw err;
  }
}
