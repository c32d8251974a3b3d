// A release's notice (manifest `aviso`): what its population and models take from data and what
// they model or assume, said in English for the API (the manifest, the findings' `aviso`, stored
// results) and in Brazilian Portuguese for the console and the playground, each part written in
// both languages side by side so the two cannot say different things. Built from the manifest's
// own facts (generator options, the reception's parameters, the Pix calibration), so it reads no
// file: the playground's page and the console call it as freely as the manifests do.
import type { CalibracaoPix, ReleaseManifest } from './types.js';

export type NoticeLanguage = 'en' | 'pt';
type Words = Record<NoticeLanguage, string>;

/** What a notice is built from: the manifest without its notice. */
export type NoticeFacts = Pick<ReleaseManifest, 'versao' | 'gerador' | 'calibracao_pix' | 'parametros_recepcao' | 'recepcao_exposicao'>;

const POPULATION: Words = {
  en: 'Synthetic population: persons, households, census tracts, weighting areas, schools, establishments and commuting are ' +
    'modelled. Municipal totals (2022 Census), sex x age shares and colour/race shares are real; education and income are ' +
    '2010 Atlas municipal indicators scaled to 2022-2023 national and UF figures; tract and weighting-area codes and shapes ' +
    'are modelled and are not the IBGE grid.',
  pt: 'População sintética: pessoas, domicílios, setores censitários, áreas de ponderação, escolas, estabelecimentos e ' +
    'deslocamentos diários são modelados. Os totais municipais (Censo 2022) e as proporções por sexo e idade e por cor ou raça ' +
    'são reais; escolaridade e renda são indicadores municipais do Atlas de 2010 levados aos números nacionais e das UFs de ' +
    '2022-2023; os códigos e os contornos dos setores e das áreas de ponderação são modelados e não são a malha do IBGE.',
};
const CENSUS_HOUSEHOLDS: Words = {
  en: ' Households per municipality and per district, and residents per district, are the 2022 Census counts (district codes ' +
    'real, district geography modelled); who lives with whom is modelled from the Roraima 2010 sample microdata.',
  pt: ' Os domicílios por município e por distrito, e os moradores por distrito, são as contagens do Censo 2022 (códigos dos ' +
    'distritos reais, geografia dos distritos modelada); quem mora com quem é modelado a partir dos microdados da amostra do ' +
    'Censo 2010 de Roraima.',
};
const OBSERVED_TRACTS: Words = {
  en: ' In Roraima the tracts are IBGE\'s: Boa Vista\'s the 2022 tracts (codes, residents, positions at the polygon centroids), the ' +
    'other 14 municipalities\' the 2010 tracts (codes, urban or rural, residents and households as weights; positions modelled), ' +
    'scaled to the 2022 Census districts; the tract error of the synthetic population is measured there (docs/context.md).',
  // the English points to the project's documentation; a page's reader gets the fact without the path
  pt: ' Em Roraima os setores são os do IBGE: em Boa Vista, os setores de 2022 (códigos, moradores, posições nos centroides dos ' +
    'polígonos); nos outros 14 municípios, os setores de 2010 (códigos, situação urbana ou rural, moradores e domicílios como ' +
    'pesos; posições modeladas), ajustados aos distritos do Censo 2022; é lá que se mede o erro por setor da população sintética.',
};
const JOINT_INTERNET: Words = {
  en: ' Internet use of persons 10+ is modelled jointly by age, schooling, family income, area and region, raked to PNAD TIC 2023 ' +
    '(region, area) and TIC Domicílios 2020 (schooling, income, age, shifted to the PNAD level); the fit and its held-out margins ' +
    'are the library case midia. Under 10 it stays an assumption.',
  pt: ' O uso da internet das pessoas de 10 anos ou mais é modelado em conjunto por idade, escolaridade, renda familiar, situação ' +
    '(urbana ou rural) e região, ajustado às margens da PNAD TIC 2023 (região, situação) e da TIC Domicílios 2020 (escolaridade, ' +
    'renda, idade, deslocadas ao nível da PNAD); o ajuste e as margens deixadas fora dele, para teste, são o caso midia da ' +
    'biblioteca. Abaixo de 10 anos continua uma premissa.',
};
const EXPOSURE: Words = {
  en: ' Reception: each person has a persistent exposure propensity per channel (heavy and light users), a gamma whose spread is ' +
    'fitted to two published windows of the medium (TV: Kantar meter, day and week; radio: Kantar, daily and 30 days; outdoor: ' +
    'MapaOOH São Paulo, weekly reach and impacts) and whose level follows the meter for TV and the PBM survey by region for radio; ' +
    'persons in TV households by area from PNAD TIC 2023. The correlation of heaviness between channels, the outdoor level and ' +
    'digital (homogeneous) are assumptions; the fit and its held-out margins are the library case exposicao.',
  pt: ' Recepção: cada pessoa tem uma propensão de exposição persistente por canal (quem usa muito e quem usa pouco o meio), uma ' +
    'distribuição gama cuja dispersão é ajustada a duas janelas publicadas do meio (TV: medição de audiência da Kantar, dia e ' +
    'semana; rádio: Kantar, diário e 30 dias; mídia exterior: MapaOOH São Paulo, alcance e impactos semanais) e cujo nível segue ' +
    'a medição na TV e a Pesquisa Brasileira de Mídia (PBM) por região no rádio; as pessoas em domicílios com TV, por situação ' +
    'urbana ou rural, vêm da PNAD TIC 2023. A correlação da intensidade de uso entre canais, o nível da mídia exterior e o ' +
    'digital (homogêneo) são premissas; o ajuste e as margens deixadas fora dele, para teste, são o caso exposicao da biblioteca.',
};
const RESPONSE_MEMORY: Words = {
  en: ' Reception responses follow exposure: every media or word-of-mouth contact adds to a memory of its source that fades ' +
    '(half-lives per channel) and moves the person along aware, absorve, repassa through a saturating effect; rejeita is ' +
    'decided at the first exposure. The memory\'s half-saturation, exponent and half-lives, the response shares and the ' +
    'recall per contact are assumptions, not fitted to any campaign.',
  pt: ' As respostas da recepção seguem a exposição: cada contato de mídia ou de boca a boca soma à memória da sua fonte, que se ' +
    'apaga com o tempo (meias-vidas por canal), e leva a pessoa de ciente a absorve e a repassa por um efeito saturante; rejeita ' +
    'é decidido na primeira exposição. A meia saturação, o expoente e as meias-vidas da memória, as parcelas de cada resposta e ' +
    'a lembrança por contato são premissas, não ajustadas a nenhuma campanha.',
};

/**
 * What a release says of its parametros_pix: hand-set, fitted but failing the battery in force
 * (pix-battery.ts; a case approved under an older battery says so), or fitted and approved by it.
 */
function pixParameters(c: CalibracaoPix | null, language: NoticeLanguage): string {
  if (c === null) {
    return {
      en: ' parametros_pix are set by hand, not fitted: adoption jobs on cenario_base pix say nao_calibrado.',
      pt: ' Os parâmetros de adoção (parametros_pix) são fixados à mão, não ajustados: as simulações de adoção com cenario_base pix ' +
        'dizem nao_calibrado.',
    }[language];
  }
  if (c.veredito !== 'aprovada') {
    const passedThen = c.veredito_do_caso === 'aprovada';
    return {
      en: ` parametros_pix are fitted to the Banco Central Pix series (library case pix) but do not pass the out-of-sample battery in force, ${c.bateria}${passedThen ? ` (the case passed the targets of its time, not those of battery ${c.bateria})` : ''}: adoption jobs on cenario_base pix say nao_calibrado.`,
      pt: ` Os parâmetros de adoção (parametros_pix) são ajustados às séries do Pix do Banco Central (caso pix da biblioteca), mas não passam na bateria de testes fora da amostra em vigor, ${c.bateria}${passedThen ? ` (o caso passou nas metas do seu tempo, não nas da bateria ${c.bateria})` : ''}: as simulações de adoção com cenario_base pix dizem nao_calibrado.`,
    }[language];
  }
  return {
    en: ` parametros_pix are fitted to the Banco Central Pix series and pass the out-of-sample battery in force, ${c.bateria} (library case pix).`,
    pt: ` Os parâmetros de adoção (parametros_pix) são ajustados às séries do Pix do Banco Central e passam na bateria de testes fora da amostra em vigor, ${c.bateria} (caso pix da biblioteca).`,
  }[language];
}

/** Releases with the joint internet model say when their Pix parameters are another release's fit (v1.5.0 carries v1.4.0's). */
function pixOfAnother(m: NoticeFacts, language: NoticeLanguage): string {
  const de = m.calibracao_pix?.release;
  if (!m.gerador.internet_conjunta || !de || de === m.versao) return '';
  return { en: ` The Pix parameters are ${de}'s fit, not refitted on this population.`, pt: ` Os parâmetros do Pix são o ajuste da versão ${de}, não ajustados de novo sobre esta população.` }[language];
}

/** The release's notice in `language`: English is the manifest's `aviso`, Portuguese what the console and the playground show. */
export function releaseNotice(m: NoticeFacts, language: NoticeLanguage): string {
  const parts: Array<[boolean | undefined, Words]> = [
    [true, POPULATION],
    [m.gerador.domicilios_censo, CENSUS_HOUSEHOLDS],
    [m.gerador.setores_observados, OBSERVED_TRACTS],
    [m.gerador.internet_conjunta, JOINT_INTERNET],
    [m.recepcao_exposicao, EXPOSURE],
    // v2.1.0 on, the reception's parameters carry the response memory (manifests.ts MEMORIA_RESPOSTA)
    [m.parametros_recepcao.memoria_meia_saturacao !== undefined, RESPONSE_MEMORY],
  ];
  return parts.filter(([on]) => on).map(([, w]) => w[language]).join('') + pixOfAnother(m, language) + pixParameters(m.calibracao_pix, language);
}
