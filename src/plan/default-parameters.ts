// The model parameters a scenario starts from when it names no calibration: the release's
// defaults of its family. The plan compiler and calibration both read them here.
import type { Familia } from '../contract/types.js';
import type { ModelParameters, ReleaseManifest } from '../release/types.js';

export function defaultParameters(manifest: ReleaseManifest, familia: Familia): ModelParameters {
  return familia === 'recepcao' ? manifest.parametros_recepcao : manifest.parametros_pix;
}
