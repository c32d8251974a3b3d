// The midia case of a release (library case `midia`, data/releases/<versao>/caso-midia.json):
// the internet model's fit (counts of persons 10+ per cell, raked coefficients) and, for every
// published margin it reads, the published value, the value it is compared with, the model's value
// and the error, fitted and held-out margins apart, with a verdict per axis; then the media habits
// and the published UFs against the built population's margins. A pure function of what it
// records (the counts, the population's margin rows) and data/br/midia, so the file is
// reproducible bit for bit (test/integration/midia-case.test.ts). v1.5.0's case is edition 1, kept
// as published; later releases' are edition 2 (caseEdition): the PBM's daily internet use by
// schooling scored, and an aviso that corrects edition 1's on what the data hold.
import type { MarginRow } from '../../src/plan/population-margins.js';
import { cellProbabilities, COUNT_CELLS, type InternetCoefficients } from '../../src/population/internet-model.js';
import { UF_CODES, type UfCode } from '../../src/release/types.js';
import { internetMargins, type InternetMargin } from './internet-margins.js';
import { mediaFigures, type MidiaPopulation, ufInternetFigures } from './media-margins.js';

export type { MidiaPopulation };
import { marginTargets, marginWeights, modelShare, rakeInternet } from './rake-internet.js';

/** Limits in percentage points: fitted PNAD margins, fitted TIC margins (after the level shift), held-out ones. */
export const MIDIA_LIMITES_PP = { ajuste_pnad: 3, ajuste_tic: 5, fora_da_amostra: 8 } as const;

export interface MidiaMargin {
  id: string;
  medida: MarginRow['medida'];
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
  medida: MarginRow['medida'];
  eixo: InternetMargin['eixo'];
  uso: InternetMargin['uso'];
  fonte: string;
  margens: number;
  erro_max_pp: number;
  limite_pp: number;
  veredito: 'passou' | 'reprovado';
}


export type VereditoUfMidia = 'passou' | 'reprovado_declarado' | 'nao_pontuado';

export interface MidiaCaseUf {
  uf: UfCode;
  veredito: VereditoUfMidia;
  mape_pior: null;
  reprovacoes: Array<{ teste: string; periodo: string; valor: number; limite: number }>;
  /** PNAD TIC 2023 internet use of the UF's persons 10+ against the built population, where published. */
  internet: { publicado: number; modelo: number; erro_pp: number } | null;
}

export interface MidiaCase {
  id: 'midia';
  nome: string;
  o_que_foi_medido: string;
  release: string;
  /** The case describes a population, not a simulation: no simulated day. */
  vale_ate_dia: 0;
  resumo: Record<VereditoUfMidia, number>;
  ufs: MidiaCaseUf[];
  testes: Record<string, string>;
  fonte: { credito: string; licenca: string; url: string };
  metodo: string;
  aviso: string;
  agregados: { veredito: 'aprovada' | 'reprovada'; eixos_passaram: number; eixos_reprovados: number; eixos: MidiaAxis[] };
  internet: {
    /** Persons 10+ per internet cell x sexo x raca (src/population/internet-model.ts COUNT_CELLS), counted on `release`. */
    contagens: { release: string; pessoas: number[] };
    coeficientes: InternetCoefficients;
    varreduras: number;
    erro_maximo_ajuste_pp: number;
    margens: MidiaMargin[];
  };
  /** Daily media use against the published levels; null until the population is measured. */
  habitos: { margens: MidiaMargin[] } | null;
  populacao: MidiaPopulation | null;
}

const round = (x: number, d: number) => Number(x.toFixed(d));

/** Edition of a release's midia case: 1 is v1.5.0's as published (reproduced byte for byte), 2 every later release's. */
export function caseEdition(release: string): 1 | 2 {
  return release === 'v1.5.0' ? 1 : 2;
}

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
      id: m.id, medida: 'internet', fonte: m.fonte, ano: m.ano, eixo: m.eixo, segmento: m.segmento, uso: m.uso, publicado: m.publicado,
      comparado_com: round(100 * t.alvo, 2), deslocamento_logit: round(t.deslocamento, 4), modelo: round(modelo, 2),
      erro_pp: round(erro, 2), limite_pp: limite, passou: Math.abs(erro) <= limite,
    };
  });
}

/** Per axis, survey and use: the worst error against the limit. */
export function axisVerdicts(margens: MidiaMargin[]): MidiaAxis[] {
  const out: MidiaAxis[] = [];
  for (const m of margens) {
    let a = out.find((x) => x.medida === m.medida && x.eixo === m.eixo && x.uso === m.uso && x.fonte === m.fonte);
    if (!a) {
      a = { medida: m.medida, eixo: m.eixo, uso: m.uso, fonte: m.fonte, margens: 0, erro_max_pp: 0, limite_pp: m.limite_pp, veredito: 'passou' };
      out.push(a);
    }
    a.margens++;
    a.erro_max_pp = Math.max(a.erro_max_pp, Math.abs(m.erro_pp));
    if (!m.passou) a.veredito = 'reprovado';
  }
  return out;
}

/** Media-habit margins scored on the measured population. */
function scoreHabits(pop: MidiaPopulation, edicao: 1 | 2): MidiaMargin[] {
  return mediaFigures(edicao).map((f) => {
    const modelo = f.modelo(pop);
    const alvo = f.comparado?.(pop) ?? { valor: f.publicado, deslocamento: 0 };
    const erro = modelo - alvo.valor;
    const limite = f.uso === 'ajuste' ? MIDIA_LIMITES_PP.ajuste_tic : MIDIA_LIMITES_PP.fora_da_amostra;
    return {
      id: f.id, medida: f.medida, fonte: f.fonte, ano: f.ano, eixo: f.eixo, segmento: f.segmento, uso: f.uso, publicado: f.publicado,
      comparado_com: round(alvo.valor, 2), deslocamento_logit: round(alvo.deslocamento, 4), modelo: round(modelo, 2), erro_pp: round(erro, 2),
      limite_pp: limite, passou: Math.abs(erro) <= limite,
    };
  });
}

/** Every UF: the published ones scored (held out), the others nao_pontuado. */
function scoreUfs(pop: MidiaPopulation | null): MidiaCaseUf[] {
  const published = new Map(ufInternetFigures().map((f) => [f.uf, f.publicado]));
  return UF_CODES.map((uf) => {
    const pub = published.get(uf);
    const got = pop?.ufs.find((u) => u.uf === uf);
    if (pub === undefined || !got) return { uf, veredito: 'nao_pontuado', mape_pior: null, reprovacoes: [], internet: null };
    const modelo = 100 * got.internet;
    const erro = modelo - pub;
    const limite = MIDIA_LIMITES_PP.fora_da_amostra;
    const ok = Math.abs(erro) <= limite;
    return {
      uf, veredito: ok ? 'passou' : 'reprovado_declarado', mape_pior: null,
      reprovacoes: ok ? [] : [{ teste: 'internet_uf', periodo: '2023', valor: round(modelo, 2), limite }],
      internet: { publicado: pub, modelo: round(modelo, 2), erro_pp: round(erro, 2) },
    };
  });
}

const AVISO_COMUM =
  'The surveys differ in design and year: PNAD TIC (IBGE, 2023, used in the last 3 months) runs a few points above TIC Domicílios ' +
  '(Cetic.br, 2018 and 2020, last access under 3 months ago), so TIC rows are compared after a logit shift per year and axis to ' +
  'the PNAD level: their gradients are data, their level is not. Schooling and income classes are matched approximately (the ' +
  'population stores the level completed and income per capita; the survey asks the level attended and family income in minimum ' +
  'wages, here the 2023 wage); TIC age groups are approximated by 5-year bands (15-19 counted in 16-24). Internet model values are ' +
  'expectations over the counted persons; media values are means over the built population. ';

/** Edition 1's aviso as v1.5.0's case publishes it; its "no daily use by age or schooling" is corrected by edition 2. */
const AVISO_EDICAO_1 = AVISO_COMUM +
  'The media levels come from the Pesquisa Brasileira de Mídia of 2014 (persons 16+; here 15+), older than the internet figures; it ' +
  'publishes no daily use by age or schooling in the data here, so the TV gradient (from TV minutes) is an assumption and is not ' +
  'scored; the shares of TV and radio users (95%, PBM 2014; 83% over 30 days, Kantar 2022) are inputs applied to every segment; ' +
  'Kantar measures metropolitan markets, not UFs. Word of mouth, responses and recall are not covered by this case. Figures were ' +
  'transcribed from pages reproducing the published tables (data/br/midia/PROVENANCE.md).';

/**
 * Edition 2's aviso: what the data hold on daily use by segment, and why the failing held-out
 * margins fail. The amarela sentence is computed from the scored margin and the counts: the data
 * carry no sample size or margin of error for TIC's race rows.
 */
function avisoEdition2(margens: MidiaMargin[], counts: Float64Array): string {
  const am = margens.find((m) => m.id === 'tic2020/raca/Amarela');
  if (!am) throw new Error('campaign-sim: TIC Domicílios 2020 "amarela" is missing from the internet margins');
  let amarela = 0, total = 0;
  // raca = k % 5 (decodeCountCell), amarela = 2 (RACAS).
  for (let k = 0; k < COUNT_CELLS; k++) { total += counts[k]; if (k % 5 === 2) amarela += counts[k]; }
  // The largest sample n with 2 sqrt(q (1 - q) / n) >= |error|: the miss within two binomial standard errors.
  const q = am.comparado_com / 100, e = Math.abs(am.erro_pp) / 100;
  const n = Math.floor((4 * q * (1 - q)) / (e * e));
  return AVISO_COMUM +
    'The media levels come from the Pesquisa Brasileira de Mídia of 2014 (persons 16+; here 15+), older than the internet figures. ' +
    'Of daily use by segment the data here hold only the PBM\'s internet use by schooling (72% with higher education, 5% up to the ' +
    '4th grade, 37% overall, when 48% used the internet): it is scored held out, each value shifted on the logit scale by the one ' +
    'number that takes the PBM total to the model\'s daily use of persons 15+, against the spec\'s levels (up to the 4th grade ' +
    'against fundamental incompleto, a wider and more connected group); it was added after the fit, which reads no PBM internet ' +
    'figure. No daily TV or radio use by age, schooling, area or region is in the data: the TV gradient (from TV minutes by age and ' +
    'schooling) is an assumption and is not scored; the shares of TV and radio users (95%, PBM 2014; 83% over 30 days, Kantar ' +
    '2022) are inputs applied to every segment; radio\'s daily level is the PBM\'s national 30% in every segment, metropolitan or ' +
    'not (assumption), so Kantar\'s daily radio in 13 metropolitan markets (2022 audience measurement, not 2014 self-report) is ' +
    'compared with it as it stands. PNAD\'s 10-13 year olds are compared with the 10-14 band: TIC Domicílios puts 10-15 year olds ' +
    'above its average in both years (2018: 83% against 70%; 2020: 94% against 81%), PNAD puts 10-13 below its 88%, and the model ' +
    'follows the fitted TIC gradient. TIC 2020\'s "amarela" is a small group: the data carry no sample size or margin of error for ' +
    `its race rows; amarela persons are ${round((100 * amarela) / total, 2)}% of the persons 10+ counted, and its error of ` +
    `${am.erro_pp} pp is within two binomial standard errors only if at most ${n} of them were interviewed. Race is not a ` +
    'covariate of the internet model (it enters only through income) and no race margin is fitted. Kantar measures metropolitan ' +
    'markets, not UFs. Word of mouth, responses and recall are not covered by this case. Figures were transcribed from pages ' +
    'reproducing the published tables (data/br/midia/PROVENANCE.md).';
}

export function buildMidiaCase(release: string, countsRelease: string, counts: Float64Array, populacao: MidiaPopulation | null): MidiaCase {
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
  const edicao = caseEdition(release);
  const habitos = populacao ? { margens: scoreHabits(populacao, edicao) } : null;
  const eixos = axisVerdicts([...margens, ...(habitos?.margens ?? [])]);
  const ufs = scoreUfs(populacao);
  const resumo: Record<VereditoUfMidia, number> = { passou: 0, reprovado_declarado: 0, nao_pontuado: 0 };
  for (const u of ufs) resumo[u.veredito]++;
  const reprovados = eixos.filter((e) => e.veredito === 'reprovado').length;
  return {
    id: 'midia',
    nome: 'Internet e hábitos de mídia da população sintética (PNAD TIC 2023, TIC Domicílios 2018 e 2020, Pesquisa Brasileira de Mídia, Kantar IBOPE Media)',
    o_que_foi_medido:
      'Share of persons 10+ who used the internet in the last 3 months, by segment, against the published survey margins: the ' +
      'margins the fit reaches for, and held-out ones it never saw (PNAD\'s sex, race, schooling and age figures and three UFs; TIC ' +
      'Domicílios 2020 by sex, race, area and region; every TIC Domicílios 2018 margin). Then the daily TV, radio and internet use ' +
      'of the reception model over the built population against the survey levels it is built from, and Kantar\'s daily radio ' +
      'listening in its metropolitan markets, held out' +
      (edicao === 1 ? '.' : ', as is the Pesquisa Brasileira de Mídia\'s daily internet use by schooling (its gradient, at the model\'s level).'),
    release,
    vale_ate_dia: 0,
    resumo,
    ufs,
    testes: {
      ajuste_pnad: `fitted PNAD TIC 2023 internet margins (region, area): |model - published| <= ${MIDIA_LIMITES_PP.ajuste_pnad} pp`,
      ajuste_tic: `fitted TIC Domicílios 2020 internet margins (schooling, family income, age), after the level shift, and the media levels the habits are built from: |model - compared| <= ${MIDIA_LIMITES_PP.ajuste_tic} pp`,
      fora_da_amostra: `held-out margins (PNAD sex, race, schooling and age points; TIC 2020 sex, race, area, region; TIC 2018, shifted; Kantar daily radio${edicao === 1 ? '' : '; PBM 2014 daily internet by schooling, shifted'}): |error| <= ${MIDIA_LIMITES_PP.fora_da_amostra} pp`,
      internet_uf: `PNAD TIC 2023 internet use of a UF's persons 10+ (DF, GO, MA published), held out: |error| <= ${MIDIA_LIMITES_PP.fora_da_amostra} pp; the other UFs nao_pontuado`,
    },
    fonte: {
      credito: 'IBGE, PNAD Contínua TIC 2023; NIC.br, Pesquisa TIC Domicílios 2018 e 2020 (Cetic.br); Secom/PR, Pesquisa Brasileira de Mídia 2015; Kantar IBOPE Media, Inside Radio 2022',
      licenca: 'IBGE: dados públicos; TIC Domicílios: CC BY-NC 4.0; PBM e Kantar: fatos publicados',
      url: 'https://cetic.br/pt/pesquisa/domicilios/',
    },
    metodo: 'docs/model.md#the-midia-case-calibrationmidia-npm-run-benchmidia',
    aviso: edicao === 1 ? AVISO_EDICAO_1 : avisoEdition2(margens, counts),
    agregados: { veredito: reprovados === 0 ? 'aprovada' : 'reprovada', eixos_passaram: eixos.length - reprovados, eixos_reprovados: reprovados, eixos },
    internet: {
      contagens: { release: countsRelease, pessoas: Array.from(counts) },
      coeficientes,
      varreduras: fit.varreduras,
      erro_maximo_ajuste_pp: round(100 * fit.erro_maximo_ajuste, 4),
      margens,
    },
    habitos,
    populacao,
  };
}

/** The case file's text: indented JSON with the count table on one line (36,000 numbers). */
export function midiaCaseJson(caso: MidiaCase): string {
  const text = JSON.stringify({ ...caso, internet: { ...caso.internet, contagens: { ...caso.internet.contagens, pessoas: [] } } }, null, 1);
  return text.replace('"pessoas": []', `"pessoas": ${JSON.stringify(caso.internet.contagens.pessoas)}`) + '\n';
}
