// Opening a city's diagnosis for the key's project (POST /v1/diagnosticos/{codigo}, tool
// open_city_diagnosis; simulate: it changes the project): at the newest release, free. The first
// opening at a release creates the receipt; a repeat returns the same one.
import { contextMunicipality } from '../../src/context/context-municipality.js';
import { openRelease } from '../../src/release/release.js';
import { recordDiagnosisOpening } from '../city-diagnoses.js';
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

export const openCityDiagnosis: Operation<{ codigo: string }, OpenedDiagnosis> = {
  scope: 'simulate',
  async run(ctx, principal, { codigo }) {
    const m = contextMunicipality(codigo);
    const release = openRelease();
    // Counting the tracts also refuses a municipality whose UF the release does not offer.
    const setores = release.tracts(codigo).length;
    const { row, created } = await recordDiagnosisOpening(ctx.store, principal.projectId, codigo, release.version, ctx.clock.now());
    return {
      created,
      receipt: {
        recibo: row.recibo, municipio: codigo, nome: m.nome, release: row.release, setores,
        preco_micros: row.preco_micros, aberto_em: row.aberto_em.toISOString(),
      },
    };
  },
};
