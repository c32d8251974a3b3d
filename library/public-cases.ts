// The library's public cases (spec GET /v1/biblioteca, `casos`), read from the release's files
// and never recomputed per request: the Pix case (src/release/pix-case-file.ts; its fit:
// calibration/pix/, docs/model.md) of the fit the release carries, and from v1.5.0 the release's
// own midia case (calibration/midia/: internet use and media habits against the surveys). A case
// document keeps everything (fit history, forecast, counts, margins: `campaign-sim library case
// <id> --json`); the API serves the spec's fields, plus `agregados` (the case's verdict against its
// targets when it was made) and, for pix, `veredito_em_vigor` (the case judged by today's battery),
// extensions. reprovacoes are served as the spec names their fields (test, period, value, limit).
import type { MidiaCase } from '../calibration/midia/midia-case.js';
import { readMidiaCase } from '../calibration/midia/midia-case-file.js';
import { judgePixCase, type PixJudgement } from '../src/release/pix-battery.js';
import { readPixCase, type PixCase } from '../src/release/pix-case-file.js';
import type { Release } from '../src/release/types.js';

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
  /** pix: the fit's out-of-sample aggregates; midia: the verdict per axis (medida x eixo x fonte x use). */
  agregados: PixCase['agregados'] | MidiaCase['agregados'];
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

/** The public cases of a release: the Pix case of the fit it carries, then its midia case (each when it exists). */
export function publicCases(release: Release): PublicCase[] {
  const fit = release.manifest.calibracao_pix;
  const pix = fit ? readPixCase(fit.release) : null;
  const midia = readMidiaCase(release.version);
  return [...(pix ? [publicCase(pix)] : []), ...(midia ? [publicCase(midia)] : [])];
}
