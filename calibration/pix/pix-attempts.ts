// How many times the Pix case's holdouts have been looked at (issue 60, `tentativas`): every fit
// (or judging of a fit on another observation model or sample) whose scores on a holdout were
// written down, from the first case on. Counted by hand on 2026-12-03 from the git history of
// data/releases/*/caso-pix.json (every committed version; one whose scores equal an earlier
// version's counts once), docs/experiments/pix-fits.md and pix-municipal.md, and the CHANGELOG and
// commit messages of the same dates. A list, not a computation: the history does not change, and a
// new case adds its own row here (docs/experiments/pix-fits.md, 2026-12-03).
import type { TentativasPix } from '../../src/release/pix-case-file.js';

type Holdout = 'holdout' | 'holdout_longo' | 'holdout_espacial' | 'municipal';

const ALL: Holdout[] = ['holdout', 'holdout_longo', 'holdout_espacial', 'municipal'];

/** Each attempt: when, what, where its scores are written, and the holdouts they read. */
export const PIX_TENTATIVAS: ReadonlyArray<{ data: string; o_que: string; fonte: string; holdouts: Holdout[] }> = [
  { data: '2026-11-23', o_que: 'v1.2.0, primeira rodada', fonte: 'data/releases/v1.2.0/caso-pix.json @ d63ed11', holdouts: ['holdout', 'holdout_espacial'] },
  { data: '2026-11-23', o_que: 'v1.2.0, segunda rodada (issue 12)', fonte: 'data/releases/v1.2.0/caso-pix.json @ 9bb3840', holdouts: ['holdout', 'holdout_espacial'] },
  { data: '2026-11-24', o_que: 'v1.4.0 (cobertura do Censo)', fonte: 'data/releases/v1.4.0/caso-pix.json @ 18991df', holdouts: ['holdout', 'holdout_espacial'] },
  { data: '2026-11-26', o_que: 'rodada de fumaça de v1.6.0 (2 rodadas, 1.000 pessoas por UF)', fonte: 'docs/experiments/pix-fits.md, 2026-11-26 (v1.6.0)', holdouts: ['holdout', 'holdout_longo'] },
  { data: '2026-11-26', o_que: 'v1.6.0', fonte: 'data/releases/v1.6.0/caso-pix.json @ 24e1488', holdouts: ALL },
  { data: '2026-11-26', o_que: 'v1.7.0', fonte: 'data/releases/v1.7.0/caso-pix.json @ 59979aa', holdouts: ALL },
  { data: '2026-11-26', o_que: 'v1.7.0: a potência da parte do modelo e o termo com centralidade, no bench do teto municipal', fonte: 'docs/experiments/pix-municipal.md, 2026-11-26', holdouts: ['municipal'] },
  { data: '2026-11-26', o_que: 'v1.8.0 (ajustes de v1.7.0, termo municipal novo)', fonte: 'data/releases/v1.8.0/caso-pix.json @ 9386192', holdouts: ['municipal'] },
  { data: '2026-11-26', o_que: 'tempo por renda (não publicado)', fonte: 'docs/experiments/pix-fits.md; commit c276de6', holdouts: ALL },
  { data: '2026-11-26', o_que: 'perda forma_e_nivel (não publicado)', fonte: 'docs/experiments/pix-fits.md', holdouts: ['holdout', 'holdout_longo'] },
  { data: '2026-11-26', o_que: 'perda forma_e_nivel, corte longo do início à mão (não publicado)', fonte: 'docs/experiments/pix-fits.md', holdouts: ['holdout_longo'] },
  { data: '2026-11-26', o_que: 'tempo pela renda da UF, s = 0,5 à mão nos pontos de v1.8.0 (diagnóstico)', fonte: 'commit 79eeb3b', holdouts: ['holdout', 'holdout_longo'] },
  { data: '2026-11-26', o_que: 'reajuste com o tempo pela renda da UF (não publicado)', fonte: 'docs/experiments/pix-fits.md', holdouts: ['holdout', 'holdout_longo', 'municipal'] },
  { data: '2026-11-26', o_que: 'perfil do tempo pela renda da UF, média de forma_e_nivel (não publicado)', fonte: 'docs/experiments/pix-fits.md', holdouts: ['holdout', 'holdout_longo', 'municipal'] },
  { data: '2026-11-26', o_que: 'ajustes de v1.8.0 em amostras 1:8 (não publicado)', fonte: 'docs/experiments/pix-municipal.md', holdouts: ['holdout', 'holdout_longo', 'municipal'] },
  { data: '2026-11-26', o_que: 'v1.9.0 (perfil, pior UF)', fonte: 'data/releases/v1.9.0/caso-pix.json @ d9f28b7', holdouts: ALL },
  { data: '2026-12-03', o_que: 'v2.1.0: ajustes de v1.9.0 com a(t) limitada', fonte: 'data/releases/v2.1.0/caso-pix.json', holdouts: ALL },
  { data: '2026-12-03', o_que: 'v2.1.0: a curva saturante no lugar dos agentes (ablação)', fonte: 'data/releases/v2.1.0/caso-pix.json, comparacoes.curva_saturante', holdouts: ['holdout', 'holdout_longo', 'holdout_espacial'] },
];

/** The case's `tentativas`: the count on each holdout and the list it is counted from. */
export function pixAttempts(): TentativasPix {
  const count = (h: Holdout) => PIX_TENTATIVAS.filter((t) => t.holdouts.includes(h)).length;
  return {
    como_contado:
      'Cada ajuste (ou novo julgamento de um ajuste com outro modelo de observação ou outra amostra) cujas notas num holdout foram escritas: ' +
      'nas versões de data/releases/*/caso-pix.json no histórico do git (notas iguais às de uma versão anterior contam uma vez), em docs/experiments/pix-fits.md e pix-municipal.md, no CHANGELOG e nas mensagens de commit; contado à mão em 2026-12-03. ' +
      'Não contados: o reajuste com a folha pública (2026-11-23, sem notas de holdout escritas), as 3 variantes de população e as 2 formas de sair da janela que cada caso desde v1.6.0 compara nos dois holdouts temporais (comparacoes), ' +
      'e as 6 combinações de covariáveis sem o modelo do bench do teto municipal.',
    holdout: count('holdout'), holdout_longo: count('holdout_longo'), holdout_espacial: count('holdout_espacial'), municipal: count('municipal'),
    lista: PIX_TENTATIVAS.map((t) => ({ ...t, holdouts: [...t.holdouts] })),
  };
}
