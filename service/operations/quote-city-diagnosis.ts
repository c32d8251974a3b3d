// The quote of a city's diagnosis for the key's project (GET /v1/diagnosticos/{codigo}/cotacao):
// what opening it at the newest release gives and costs, whether the project already opened it
// there (aberto) and, when it opened it at any release, the one it is read at (release_aberta).
import { cityAtNewestRelease, DIAGNOSIS_PRICE_MICROS, openedDiagnosis } from '../jobs/city-diagnoses.js';
import { CODIGO_PARAMS } from './input-schemas.js';
import type { Operation } from './operation.js';

export interface DiagnosisQuote {
  municipio: string;
  nome: string;
  /** The newest release: the one an opening uses. */
  release: string;
  setores: number;
  /** Zero; a city opened at the newest release shows the price its receipt recorded. */
  preco_micros: number;
  aberto: boolean;
  /** Present when the project opened the city at any release: the release it is read at. */
  release_aberta?: string;
}

// results:read: the quote neither spends nor changes anything (the spec names no scope for it).
export const quoteCityDiagnosis = {
  name: 'quote_city_diagnosis',
  scope: 'results:read',
  input: { params: CODIGO_PARAMS },
  async run(ctx, principal, { codigo }) {
    const { nome, release, setores } = cityAtNewestRelease(codigo);
    const opened = await openedDiagnosis(ctx.store, principal.projectId, codigo);
    const aberto = opened?.release === release.version;
    return {
      municipio: codigo, nome, release: release.version, setores,
      preco_micros: aberto ? opened!.preco_micros : DIAGNOSIS_PRICE_MICROS, aberto,
      ...(opened ? { release_aberta: opened.release } : {}),
    };
  },
} satisfies Operation<{ codigo: string }, DiagnosisQuote>;
