// The midia case of a release (library case `midia`, data/releases/<versao>/caso-midia.json):
// the internet model's fit (counts of persons 10+ per cell, raked coefficients) and, for every
// published margin it reads, the published value, the value it is compared with, the model's value
// and the error, fitted and held-out margins apart, with a verdict per axis. A pure function of
// the counts and data/br/midia, so the file is reproducible bit for bit (test/integration/midia-case.test.ts).
import { cellProbabilities, COUNT_CELLS, type InternetCoefficients } from '../../src/release/internet-model.js';
import { internetMargins, type InternetMargin } from './internet-margins.js';
import { marginTargets, marginWeights, modelShare, rakeInternet } from './rake-internet.js';

/** Limits in percentage points: fitted PNAD margins, fitted TIC margins (after the level shift), held-out ones. */
export const MIDIA_LIMITES_PP = { ajuste_pnad: 3, ajuste_tic: 5, fora_da_amostra: 8 } as const;

export interface MidiaMargin {
  id: string;
  fonte: string;
  ano: number;
  eixo: InternetMargin['eixo'];
  segmento: string;
  uso: InternetMargin['uso'];
  /** Percent as published. */
  publicado: number;
  /** Percent the model is compared with: the published value, TIC Domicílios shifted to the PNAD level. */
  comparado_com: number;
  /** Logit shift applied to the published value (0 for PNAD). */
  deslocamento_logit: number;
  /** Model's percent of internet users in the segment (expected over the counted persons). */
  modelo: number;
  erro_pp: number;
  limite_pp: number;
  passou: boolean;
}

export interface MidiaAxis {
  medida: 'internet';
  eixo: InternetMargin['eixo'];
  uso: InternetMargin['uso'];
  fonte: string;
  margens: number;
  erro_max_pp: number;
  limite_pp: number;
  veredito: 'passou' | 'reprovado';
}

export interface MidiaCase {
  id: 'midia';
  nome: string;
  o_que_foi_medido: string;
  release: string;
  internet: {
    /** Persons 10+ per internet cell x sexo x raca (src/release/internet-model.ts COUNT_CELLS), counted on `release`. */
    contagens: { release: string; pessoas: number[] };
    coeficientes: InternetCoefficients;
    varreduras: number;
    erro_maximo_ajuste_pp: number;
    margens: MidiaMargin[];
  };
  eixos: MidiaAxis[];
  resumo: { passou: number; reprovado: number };
  testes: Record<string, string>;
  fonte: { credito: string; licenca: string; url: string };
  metodo: string;
  aviso: string;
}

const round = (x: number, d: number) => Number(x.toFixed(d));

function limitOf(m: InternetMargin): number {
  if (m.uso === 'fora_da_amostra') return MIDIA_LIMITES_PP.fora_da_amostra;
  return m.nivel === 'pnad' ? MIDIA_LIMITES_PP.ajuste_pnad : MIDIA_LIMITES_PP.ajuste_tic;
}

/** Scores every margin against cell probabilities p (also used to score the built population). */
export function scoreMargins(counts: Float64Array, p: Float64Array): MidiaMargin[] {
  const margins = internetMargins();
  const targets = marginTargets(counts, margins);
  return margins.map((m) => {
    const t = targets.get(m.id)!;
    const modelo = 100 * modelShare(counts, marginWeights(m), p);
    const erro = modelo - 100 * t.alvo;
    const limite = limitOf(m);
    return {
      id: m.id, fonte: m.fonte, ano: m.ano, eixo: m.eixo, segmento: m.segmento, uso: m.uso, publicado: m.publicado,
      comparado_com: round(100 * t.alvo, 2), deslocamento_logit: round(t.deslocamento, 4), modelo: round(modelo, 2),
      erro_pp: round(erro, 2), limite_pp: limite, passou: Math.abs(erro) <= limite,
    };
  });
}

/** Per axis, survey and use: the worst error against the limit. */
export function axisVerdicts(margens: MidiaMargin[]): MidiaAxis[] {
  const out: MidiaAxis[] = [];
  for (const m of margens) {
    let a = out.find((x) => x.eixo === m.eixo && x.uso === m.uso && x.fonte === m.fonte);
    if (!a) {
      a = { medida: 'internet', eixo: m.eixo, uso: m.uso, fonte: m.fonte, margens: 0, erro_max_pp: 0, limite_pp: m.limite_pp, veredito: 'passou' };
      out.push(a);
    }
    a.margens++;
    a.erro_max_pp = Math.max(a.erro_max_pp, Math.abs(m.erro_pp));
    if (!m.passou) a.veredito = 'reprovado';
  }
  return out;
}

export function buildMidiaCase(release: string, countsRelease: string, counts: Float64Array): MidiaCase {
  if (counts.length !== COUNT_CELLS) throw new Error(`campaign-sim: the midia counts have ${counts.length} cells, not ${COUNT_CELLS}`);
  const margins = internetMargins();
  const fit = rakeInternet(counts, margins, marginTargets(counts, margins));
  const r10 = (xs: number[]) => xs.map((x) => round(x, 10));
  // The stored (rounded) coefficients are the ones the builder reads and the ones scored.
  const coeficientes: InternetCoefficients = {
    idade: r10(fit.coeficientes.idade), escolaridade: r10(fit.coeficientes.escolaridade), renda: r10(fit.coeficientes.renda),
    situacao: r10(fit.coeficientes.situacao), regiao: r10(fit.coeficientes.regiao),
  };
  const margens = scoreMargins(counts, cellProbabilities(coeficientes));
  const eixos = axisVerdicts(margens);
  return {
    id: 'midia',
    nome: 'Uso da internet por idade, escolaridade, renda, situação e região (PNAD TIC 2023, TIC Domicílios 2018 e 2020)',
    o_que_foi_medido:
      'Share of persons 10+ who used the internet in the last 3 months, by segment, in the synthetic population of the release ' +
      'against the published survey margins: the margins the fit reaches for, and held-out ones it never saw (another survey\'s ' +
      'sex, race, schooling and age figures; TIC Domicílios by sex and race; every TIC Domicílios 2018 margin).',
    release,
    internet: {
      contagens: { release: countsRelease, pessoas: Array.from(counts) },
      coeficientes,
      varreduras: fit.varreduras,
      erro_maximo_ajuste_pp: round(100 * fit.erro_maximo_ajuste, 4),
      margens,
    },
    eixos,
    resumo: { passou: eixos.filter((e) => e.veredito === 'passou').length, reprovado: eixos.filter((e) => e.veredito === 'reprovado').length },
    testes: {
      ajuste_pnad: `fitted PNAD TIC 2023 margins (region, area; the total follows): |model - published| <= ${MIDIA_LIMITES_PP.ajuste_pnad} pp`,
      ajuste_tic: `fitted TIC Domicílios 2020 margins (schooling, family income, age), after the level shift: |model - shifted| <= ${MIDIA_LIMITES_PP.ajuste_tic} pp`,
      fora_da_amostra: `held-out margins (PNAD sex, race, schooling and age points; TIC 2020 sex and race; TIC 2018, shifted): |error| <= ${MIDIA_LIMITES_PP.fora_da_amostra} pp`,
    },
    fonte: {
      credito: 'IBGE, PNAD Contínua TIC 2023; NIC.br, Pesquisa TIC Domicílios 2018 e 2020 (Cetic.br)',
      licenca: 'IBGE: dados públicos; TIC Domicílios: CC BY-NC 4.0',
      url: 'https://cetic.br/pt/pesquisa/domicilios/',
    },
    metodo: 'docs/model.md#internet-use',
    aviso:
      'The surveys differ in design and year: PNAD TIC (IBGE, 2023, household survey, used in the last 3 months) runs a few points ' +
      'above TIC Domicílios (Cetic.br, 2018 and 2020, last access under 3 months ago), so TIC rows are compared after a logit shift ' +
      'per year and axis to the PNAD level: their gradients are data, their level is not. Schooling and income classes are matched ' +
      'approximately (the population stores the level completed and income per capita; the survey asks the level attended and family ' +
      'income in minimum wages, here the 2023 wage). TIC age groups are approximated by 5-year bands (15-19 counted in 16-24). ' +
      'Model values are expectations over the counted persons; the built population differs by sampling noise. Figures were ' +
      'transcribed from pages reproducing the published tables (data/br/midia/PROVENANCE.md).',
  };
}

/** The case file's text: indented JSON with the count table on one line (36,000 numbers). */
export function midiaCaseJson(caso: MidiaCase): string {
  const text = JSON.stringify({ ...caso, internet: { ...caso.internet, contagens: { ...caso.internet.contagens, pessoas: [] } } }, null, 1);
  return text.replace('"pessoas": []', `"pessoas": ${JSON.stringify(caso.internet.contagens.pessoas)}`) + '\n';
}
