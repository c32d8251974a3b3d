// Internet use by age, schooling, family income, area and region jointly (generator 1.5.0,
// `internet_conjunta`): a logit model whose coefficients are raked to the published margins
// (calibration/midia/, data/releases/<versao>/caso-midia.json). Persons aged 10+ fall in one cell
// of the covariates below; under 10 keep the age-only assumption of socio-model.ts (no survey
// covers them). docs/population.md ("Internet use") lists every class and its correspondence to
// the surveys'; keep the two in sync.

/**
 * Age groups of TIC Domicílios (10-15, 16-24, 25-34, 35-44, 45-59, 60+) by 5-year band: the
 * population knows bands only, so 15-19 counts in 16-24 and 10-14 stands for 10-15.
 */
export const GRUPO_IDADE_TIC_DA_FAIXA = [-1, -1, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5] as const;
export const GRUPOS_IDADE_TIC = ['De 10 a 15 anos', 'De 16 a 24 anos', 'De 25 a 34 anos', 'De 35 a 44 anos', 'De 45 a 59 anos', 'De 60 anos ou mais'] as const;

/**
 * Schooling classes of the model, TIC Domicílios' "grau de instrução" (level attended):
 * 0 analfabeto / sem instrução, 1 fundamental, 2 médio, 3 superior. The population stores the
 * level completed (escolaridade 0-3); the class is 0 for the least schooled part of escolaridade 0
 * (NO_SCHOOLING_SHARE_OF_LEVEL0 of it, by the education latent), 1 for the rest of 0, for 1, and
 * for every person aged 10-14 (in school), 2 for escolaridade 2 and 3 for 3.
 */
export const CLASSES_ESCOLARIDADE = ['Analfabeto/Educação Infantil', 'Fundamental', 'Médio', 'Superior'] as const;
/**
 * Share of adults 25+ without schooling among those without complete fundamental: 6.0 / (6.0 +
 * 27.1) (PNAD Contínua 2023, socioeconomico/fatos_nacionais.csv), applied at every age 15+ (assumption).
 */
export const NO_SCHOOLING_SHARE_OF_LEVEL0 = 6.0 / 33.1;

/**
 * Family income classes of TIC Domicílios in minimum wages (até 1, 1-2, 2-3, 3-5, 5-10, mais de
 * 10 SM): household income per capita (2023 R$, socio-model.ts) x persons of the household,
 * against the 2023 minimum wage R$ 1,320 (the survey's classes are in its own year's wage).
 */
export const SALARIO_MINIMO_2023 = 1320;
export const LIMITES_RENDA_SM = [1, 2, 3, 5, 10] as const;
export const CLASSES_RENDA = ['Até 1 SM', 'Mais de 1 SM até 2 SM', 'Mais de 2 SM até 3 SM', 'Mais de 3 SM até 5 SM', 'Mais de 5 SM até 10 SM', 'Mais de 10 SM'] as const;
const LOG_LIMITES_RENDA = LIMITES_RENDA_SM.map((k) => Math.log(k * SALARIO_MINIMO_2023));

/** Bands 10-14 ... 80+ (2..16), 4 schooling classes, 6 income classes, rural/urban, 5 regions (MACRO_REGIOES). */
export const INTERNET_CELLS = 15 * 4 * 6 * 2 * 5;
/** Cells of the fit's count table: an internet cell x sexo 2 x raca 5 (sex and race are not covariates). */
export const COUNT_CELLS = INTERNET_CELLS * 10;

export function internetCell(band: number, escolaridade: number, renda: number, urbano: number, regiao: number): number {
  return ((((band - 2) * 4 + escolaridade) * 6 + renda) * 2 + urbano) * 5 + regiao;
}

export function decodeInternetCell(cell: number): { band: number; escolaridade: number; renda: number; urbano: number; regiao: number } {
  const regiao = cell % 5;
  let r = (cell - regiao) / 5;
  const urbano = r % 2;
  r = (r - urbano) / 2;
  const renda = r % 6;
  r = (r - renda) / 6;
  const escolaridade = r % 4;
  return { band: (r - escolaridade) / 4 + 2, escolaridade, renda, urbano, regiao };
}

/** Schooling class of a person aged 10+ from the stored level and its education latent e in (0, 1). */
export function schoolingClass(band: number, level: number, e: number, pAtLeastFundamental: number): number {
  if (band < 3) return 1;
  if (level > 0) return level;
  return e <= NO_SCHOOLING_SHARE_OF_LEVEL0 * (1 - pAtLeastFundamental) ? 0 : 1;
}

/** Family income class (0-5) from log household income per capita and household size. */
export function incomeClass(logIncomePerCapita: number, persons: number): number {
  const l = logIncomePerCapita + Math.log(persons);
  let k = 0;
  while (k < 5 && l > LOG_LIMITES_RENDA[k]) k++;
  return k;
}

/** Logit coefficients by axis (the intercept is in idade). */
export interface InternetCoefficients {
  idade: number[];
  escolaridade: number[];
  renda: number[];
  situacao: number[];
  regiao: number[];
}

const expit = (x: number) => 1 / (1 + Math.exp(-x));

/** P(internet) of each cell. */
export function cellProbabilities(co: InternetCoefficients): Float64Array {
  const p = new Float64Array(INTERNET_CELLS);
  for (let c = 0; c < INTERNET_CELLS; c++) {
    const d = decodeInternetCell(c);
    p[c] = expit(co.idade[GRUPO_IDADE_TIC_DA_FAIXA[d.band]] + co.escolaridade[d.escolaridade] + co.renda[d.renda] +
      co.situacao[d.urbano] + co.regiao[d.regiao]);
  }
  return p;
}

/**
 * What the builder needs: P(internet) per cell, and optionally a count table (COUNT_CELLS) it
 * fills with the persons 10+ of each cell x sex x race (the fit's input, calibration/midia/).
 */
export interface InternetAssignment {
  p: Float64Array;
  counts?: Float64Array;
}
