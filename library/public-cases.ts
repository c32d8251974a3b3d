// The library's public cases (spec GET /v1/biblioteca, `casos`), read from the release's files
// and never recomputed per request: the Pix case (src/release/pix-case-file.ts; its fit:
// calibration/pix/, docs/model.md) of the fit the release carries, and from v1.5.0 the release's
// own midia case (calibration/midia/: internet use and media habits against the surveys), and from
// v2.0.0 its exposure case (exposicao: heavy and light users, each medium's two windows; written by
// npm run case:exposicao, read from data/releases/<release>/caso-exposicao.json). A case
// document keeps everything (fit history, forecast, counts, margins: `campaign-sim library case
// <id> --json`); the API serves the spec's fields, plus `agregados` (the case's verdict against its
// targets when it was made) and, for pix, `veredito_em_vigor` (the case judged by today's battery),
// extensions. reprovacoes are served as the spec names their fields (test, period, value, limit).
import type { MidiaCase } from '../calibration/midia/midia-case.js';
import { readMidiaCase } from '../calibration/midia/midia-case-file.js';
import { judgePixCase, type PixJudgement } from '../src/release/pix-battery.js';
import { readPixCase, type PixCase } from '../src/release/pix-case-file.js';
import { readExposureCaseDocument } from '../src/release/exposure-case-file.js';
import { UF_CODES, type Release } from '../src/release/types.js';

/** A margin of the exposure case (calibration/midia/exposure-fit.ts ExposureFit): a published figure, the model's, fitted or held out. */
interface ExposureMargin {
  id: string; canal: string; uso: 'ajuste' | 'fora_da_amostra'; fonte: string; medida: string;
  publicado: number; modelo: number; erro_pp: number; limite_pp: number; passou: boolean;
}

/** The exposure case document's fields the library serves (scripts/exposure-case.ts writes them). */
interface ExposureCaseDocument {
  id: 'exposicao'; nome: string; release: string; o_que_foi_medido: string; fonte: string; aviso: string;
  ajuste: { margens: ExposureMargin[]; veredito: { ajuste: 'passou' | 'reprovado'; fora_da_amostra: { passaram: number; total: number } } };
}

/**
 * exposicao: aprovada when every fitted and every held-out margin is within its limit (as the midia
 * case's verdict counts held-out misses), the fit's own verdict, and every margin.
 */
interface ExposureAggregates {
  veredito: 'aprovada' | 'reprovada';
  ajuste: ExposureCaseDocument['ajuste']['veredito']['ajuste'];
  fora_da_amostra: ExposureCaseDocument['ajuste']['veredito']['fora_da_amostra'];
  margens: ExposureMargin[];
}

export interface PublicCase {
  id: string;
  nome: string;
  o_que_foi_medido: string;
  release: string;
  vale_ate_dia: number;
  resumo: PixCase['resumo'];
  ufs: Array<{
    uf: string;
    veredito: PixCase['ufs'][number]['veredito'];
    mape_pior: { teste: string; valor: number } | null;
    reprovacoes: Array<{ test: string; period: string; value: number; limit: number }>;
  }>;
  testes: Record<string, string>;
  fonte: PixCase['fonte'];
  metodo: string;
  aviso: string;
  /** pix: the fit's out-of-sample aggregates; midia: the verdict per axis (medida x eixo x fonte x use); exposicao: its verdict and margins. */
  agregados: PixCase['agregados'] | MidiaCase['agregados'] | ExposureAggregates;
  /**
   * pix only: the case judged again by the validation battery in force (src/release/pix-battery.ts),
   * the verdict that labels the release's parameters; agregados.veredito is the case's own.
   */
  veredito_em_vigor?: PixJudgement;
}

export function publicCase(c: PixCase | MidiaCase): PublicCase {
  return {
    id: c.id, nome: c.nome, o_que_foi_medido: c.o_que_foi_medido, release: c.release, vale_ate_dia: c.vale_ate_dia,
    resumo: c.resumo,
    ufs: c.ufs.map((u) => ({
      uf: u.uf, veredito: u.veredito, mape_pior: u.mape_pior,
      reprovacoes: u.reprovacoes.map((r) => ({ test: r.teste, period: r.periodo, value: r.valor, limit: r.limite })),
    })),
    testes: c.testes, fonte: c.fonte, metodo: c.metodo, aviso: c.aviso, agregados: c.agregados,
    ...(c.id === 'pix' ? { veredito_em_vigor: judgePixCase(c.release, c.agregados, c.agregados.veredito) } : {}),
  };
}

/**
 * The exposure case in the spec's fields: no simulated day, and every UF nao_pontuado (its margins
 * are national, regional and by metropolitan market, none a UF's: the midia case lists its UFs so
 * too), so resumo counts UFs as the other cases' does; its margins are in agregados.
 */
function exposurePublicCase(c: ExposureCaseDocument): PublicCase {
  const m = c.ajuste.margens;
  return {
    id: c.id, nome: c.nome, o_que_foi_medido: c.o_que_foi_medido, release: c.release, vale_ate_dia: 0,
    resumo: { passou: 0, reprovado_declarado: 0, nao_pontuado: UF_CODES.length },
    ufs: UF_CODES.map((uf) => ({ uf, veredito: 'nao_pontuado' as const, mape_pior: null, reprovacoes: [] })),
    testes: {
      ajuste: `each fitted margin within ${Math.max(...m.filter((x) => x.uso === 'ajuste').map((x) => x.limite_pp))} points of its published figure`,
      fora_da_amostra: `each held-out margin (chosen before the fit) within ${Math.max(...m.filter((x) => x.uso === 'fora_da_amostra').map((x) => x.limite_pp))} points`,
    },
    fonte: { credito: `${c.fonte}: Kantar IBOPE Media, Secom/PR (PBM), IBGE (PNAD Contínua TIC), MapaOOH`, licenca: 'figures quoted from published reports (PROVENANCE.md)', url: '' },
    metodo: 'per channel, the shape k of a gamma exposure propensity fitted to the medium\'s two windows, the level to its daily share (docs/model.md, "Exposure propensity")',
    aviso: c.aviso,
    agregados: {
      veredito: m.every((x) => x.passou) ? 'aprovada' : 'reprovada', ajuste: c.ajuste.veredito.ajuste, fora_da_amostra: c.ajuste.veredito.fora_da_amostra, margens: m,
    },
  };
}

/** The public cases of a release: the Pix case of the fit it carries, then its midia case, then its exposure case (each when it exists). */
export function publicCases(release: Release): PublicCase[] {
  const fit = release.manifest.calibracao_pix;
  const pix = fit ? readPixCase(fit.release) : null;
  const midia = readMidiaCase(release.version);
  const exposicao = readExposureCaseDocument(release.version) as ExposureCaseDocument | null;
  return [...(pix ? [publicCase(pix)] : []), ...(midia ? [publicCase(midia)] : []), ...(exposicao ? [exposurePublicCase(exposicao)] : [])];
}
