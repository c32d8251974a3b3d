// The three fits of a published Pix case taken back from what the case records, so that a later
// release on the same persons can judge them again without fitting (bench:pix --ajustes-do-caso):
// each fit's evaluations are its `historico` rows in the order made, its activity is refitted from
// the series cut at its window's end (as fitPix does) and must equal the curve the case recorded,
// and the release fit's best point must give the case's `parametros` on this release's base.
import type { PixCase } from '../../src/release/pix-case-file.js';
import type { ModelParameters, Release } from '../../src/release/types.js';
import { PIX_HOLDOUT_LONGO, PIX_JANELA, PIX_JANELA_JUIZ_FIM, PIX_UFS_ESPACIAIS, type PixCaseFits } from './pix-case.js';
import { fitActivity } from './pix-activity.js';
import { pixFitDimensionsNamed, pixFitOf, sampleSteps } from './pix-fit.js';
import { seriesUpTo, type PixSeries } from './pix-series.js';

export async function fitsFromCase(caso: PixCase, release: Release, base: ModelParameters, series: PixSeries): Promise<PixCaseFits> {
  const busca = caso.ajuste.busca;
  const dims = pixFitDimensionsNamed(busca.dimensoes);
  const obs = caso.ajuste.observacao;
  const fitted = series.ufs.filter((u) => !PIX_UFS_ESPACIAIS.includes(u));
  const one = async (nome: keyof PixCaseFits, janelaFim: number, gravada: unknown, ufs: typeof fitted) => {
    const activity = fitActivity(seriesUpTo(series, janelaFim), janelaFim);
    if (JSON.stringify(activity) !== JSON.stringify(gravada)) {
      throw new Error(`campaign-sim: the ${nome} fit's activity of ${caso.release}'s Pix case is not the series' (other data?)`);
    }
    const avaliacoes = caso.ajuste.historico.filter((h) => h.ajuste === nome).map((h) => ({ x: h.x, loss: h.perda }));
    return pixFitOf(avaliacoes, base, activity, await sampleSteps(release, ufs, busca.amostra_pessoas_por_uf), dims);
  };
  const fits: PixCaseFits = {
    juiz: await one('juiz', PIX_JANELA_JUIZ_FIM, obs.atividade_juiz, fitted),
    longo: await one('longo', PIX_HOLDOUT_LONGO.janela_fim, obs.atividade_longo, fitted),
    release: await one('release', PIX_JANELA.fim, obs.atividade, series.ufs),
  };
  if (JSON.stringify(fits.release.parametros) !== JSON.stringify(caso.ajuste.parametros)) {
    throw new Error(`campaign-sim: ${caso.release}'s Pix case's best point does not give its parametros on ${release.version}'s base`);
  }
  return fits;
}
