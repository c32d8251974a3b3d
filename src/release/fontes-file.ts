// The sources the releases credit (manifest `fontes`): data/releases/fontes.json, data beside the
// files it credits rather than code. `fontes` are read by every generator; generator 1.2.0
// (`domicilios_censo`) also reads `fontes_domicilios_censo`, 1.3.0 (`setores_observados`)
// `fontes_setores_observados`, and 1.5.0 (`internet_conjunta`) `fontes_midia` (internet and media habits);
// releases whose Pix case grows the population (v1.6.0 on) credit `fontes_estimativas_populacao`;
// releases whose reception draws exposure propensities (v2.0.0 on) credit `fontes_exposicao`.
import { host } from '../platform/host.js';
import type { Fonte } from './types.js';

export interface SourceCredits {
  fontes: Fonte[];
  fontes_domicilios_censo: Fonte[];
  fontes_setores_observados: Fonte[];
  fontes_midia: Fonte[];
  fontes_estimativas_populacao: Fonte[];
  fontes_exposicao: Fonte[];
}

export function readSourceCredits(): SourceCredits {
  return JSON.parse(host.packageText('data/releases/fontes.json')) as SourceCredits;
}
