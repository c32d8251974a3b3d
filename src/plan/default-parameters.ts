// The model parameters a scenario starts from when it names no calibration: the release's
// defaults of its family (its room's parametrosPadrao, src/models/). The plan compiler and
// calibration both read them here.
import type { Familia } from '../contract/types.js';
import { modelFor } from '../models/model-registry.js';
import type { ModelParameters, ReleaseManifest } from '../release/types.js';

export function defaultParameters(manifest: ReleaseManifest, familia: Familia): ModelParameters {
  return modelFor(familia).parametrosPadrao(manifest);
}
