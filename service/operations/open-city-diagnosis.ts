// Opening a city's diagnosis for the key's project (POST /v1/diagnosticos/{codigo}, tool
// open_city_diagnosis; simulate: it changes the project): at the newest release, free. The first
// opening at a release creates the receipt; a repeat returns the same one.
import { cityAtNewestRelease, recordDiagnosisOpening } from '../jobs/city-diagnoses.js';
import { CODIGO_PARAMS } from './input-schemas.js';
import type { Operation } from './operation.js';

export interface DiagnosisReceipt {
  recibo: string;
  municipio: string;
  nome: string;
  /** The release the city is opened, and from now on read, at: the newest. */
  release: string;
  /** Tracts of the city at that release. */
  setores: number;
  /** What the opening cost, recorded on the receipt (zero since 2026-10-12). */
  preco_micros: number;
  aberto_em: string;
}

export interface OpenedDiagnosis {
  receipt: DiagnosisReceipt;
  /** False when the project had already opened the city at this release (the same receipt). */
  created: boolean;
}

export const openCityDiagnosis = {
  name: 'open_city_diagnosis',
  scope: 'simulate',
  input: { params: CODIGO_PARAMS },
  async run(ctx, principal, { codigo }) {
    const { nome, release, setores } = cityAtNewestRelease(codigo);
    const { row, created } = await recordDiagnosisOpening(ctx.store, principal.projectId, codigo, release.version, ctx.clock.now());
    return {
      created,
      receipt: {
        recibo: row.recibo, municipio: codigo, nome, release: row.release, setores,
        preco_micros: row.preco_micros, aberto_em: row.aberto_em.toISOString(),
      },
    };
  },
} satisfies Operation<{ codigo: string }, OpenedDiagnosis>;
