// The release manifests. A release names a population build (generator version + seed) and an
// engine version; v1.1.0 uses the same data with a newer generator seed so that releases differ;
// v1.2.0 builds households and districts as the 2022 Census counted them and carries the Pix fit;
// v1.3.0 places Roraima's population on its IBGE tracts (observed-tract-layout.ts); v1.4.0 is
// v1.3.0's population (same generator and seed) with a Pix fit whose observation model counts
// each UF's coverage (calibration/pix/pix-coverage.ts); v1.5.0 is v1.4.0's population with internet
// use drawn jointly by age, schooling, income, area and region (src/population/internet-model.ts);
// v1.6.0 is v1.5.0's population and media habits with a Pix refit on it (issue 33: a population
// that changes over the forecast, the long-horizon split, the log-trend reference, the municipal
// cross-section) and the midia case's edition 2 (calibration/midia/midia-case.ts caseEdition);
// v1.7.0 is v1.6.0's persons (its midia case rebuilt, the same coefficients) with a Pix refit whose
// municipal forecast carries a municipal term (issue 33, round 2: calibration/pix/pix-municipal.ts);
// v1.8.0 is v1.7.0's persons (its midia case rebuilt) with v1.7.0's Pix fits judged again and a
// municipal term with a power of the model's share per size class (bench:pix --ajustes-do-caso);
// v1.9.0 is v1.8.0's persons (its midia case rebuilt) with a profile fit of the timing by the UF's
// income on v1.8.0's fits that minimises the worst UF's in-sample shape (bench:pix --agregado pior);
// v2.1.0's Pix case is v1.9.0's fits judged again with a bounded activity curve and the evidence of
// issue 60 (bench:pix --release v2.1.0 --ajustes-do-caso v1.9.0).
// The fields backed by a release's case files (parametros_pix, calibracao_pix, the notice that
// states the calibration's verdict, tabela_grp) are read when first asked for and kept: a process
// (or the playground's page) that serves one release reads that release's Pix case (2.5-2.7 MB
// from v1.6.0), not every release's.
import { readSourceCredits } from './fontes-file.js';
import { readGrpCells } from './grp-cells-file.js';
import { readPixFit } from './pix-case-file.js';
import { releaseNotice } from './release-notice.js';
import { UF_CODES, type ModelParameters, type ReleaseManifest } from './types.js';

/**
 * Default parameters of `cenario_base: pix`. Provisional: set by hand to plausible magnitudes
 * (daily spontaneous adoption ~0.2%, launch-day share ~1.8%) until the Pix calibration case
 * (calibration/, data/br/pix) fits them; the kernel and calibration owners replace them then.
 */
const PARAMETROS_MANUAIS: ModelParameters = {
  beta0: Math.log(0.002),
  beta_expo: Math.log(0.3),
  logit_lancamento: -4,
  amortecimento_saturacao: 0.3,
  conversao_social: 0.5,
  gamma_celulas: 0.3,
  agrupamento: 'celula',
  pesos_canais: { domicilio: 1, turma: 0.5, estabelecimento: 0.7, vizinhanca: 0.3, digital: 0.4 },
  deslocamento_porte: [0, 0, 0, 0, 0, 0, 0],
};

/**
 * exp(beta0) of reception is the daily media contact hazard at intensity 1 and affinity 1
 * (1 - e^-0.3 = 26% a day): a modelled default of this project (docs/model.md), not a fit. From
 * v1.5.0 the affinities are scaled by it (src/models/recepcao/media-habits.ts), so one day at intensity 1
 * reaches the daily users of the medium.
 */
export const RECEPCAO_CONTATO_DIARIO = 0.3;
const PARAMETROS_RECEPCAO: ModelParameters = { ...PARAMETROS_MANUAIS, beta0: Math.log(RECEPCAO_CONTATO_DIARIO) };

/**
 * v2.1.0 on, responses that follow exposure (docs/model.md, "Responses that follow exposure"):
 * assumptions of this project, not fits. A source's memory of 1.5 contacts gives half its ceiling
 * of absorve and repassa, with a Hill exponent of 1.5 (one fresh contact 35%, three 74%, six 89%);
 * memory halves in 7 days for TV, radio and outdoor (an advertising adstock's weekly decay of
 * about one half), 3 for digital (its contacts are brief and many) and 14 for word of mouth (a
 * message heard from someone one knows is remembered longer). Ranges: model-parameters.ts.
 */
export const MEMORIA_RESPOSTA: Pick<ModelParameters, 'memoria_meia_saturacao' | 'memoria_expoente' | 'memoria_meia_vida_dias'> = {
  memoria_meia_saturacao: 1.5,
  memoria_expoente: 1.5,
  memoria_meia_vida_dias: { tv: 7, radio: 7, digital: 3, exterior: 7, social: 14 },
};

/** Sources credited by every release, and by the releases whose generator builds the Census households. */
const {
  fontes: FONTES, fontes_domicilios_censo: FONTES_DOMICILIOS_CENSO, fontes_setores_observados: FONTES_SETORES_OBSERVADOS,
  fontes_midia: FONTES_MIDIA, fontes_estimativas_populacao: FONTES_ESTIMATIVAS_POPULACAO, fontes_exposicao: FONTES_EXPOSICAO,
} = readSourceCredits();

const GRADES: ReleaseManifest['grades'] = {
  principal: {
    unidade: 'municipio ou area_ponderacao',
    eixos: ['grupo_idade', 'sexo', 'renda', 'escolaridade', 'raca'],
    descricao: 'Municipality (or weighting area) x grupo_idade 0-6 (10-year bands 0-9 ... 50-59, 60+ last) x sexo 0-1 x renda 0-4 x escolaridade 0-3 x raca 0-4.',
  },
  etaria: {
    unidade: 'municipio',
    eixos: ['faixa_etaria_5', 'sexo'],
    descricao: 'Municipality x faixa_etaria_5 0-16 (5-year bands, 80+ last) x sexo 0-1; not open in ufs_grade_etaria_fechada.',
  },
};

interface ManifestOptions {
  efeitos_setor: boolean;
  domicilios_censo?: boolean;
  setores_observados?: boolean;
  internet_conjunta?: boolean;
  /** The release's Pix case reads IBGE's post-2022 population estimates (v1.6.0 on): credited. */
  estimativas_populacao?: boolean;
  /** The release whose Pix case file gives parametros_pix and calibracao_pix (absent: the hand-set parameters, nao_calibrado). */
  caso_pix?: string;
  /** The release whose midia case the generator's internet model reads (absent: its own). */
  caso_midia?: string;
  /** v2.0.0 on: persons in TV households by area, and reception's exposure propensity (both from the release's exposure case). */
  exposicao?: boolean;
  /** The release whose exposure case the generator and reception read (absent: its own). */
  caso_exposicao?: string;
  /** v2.1.0 on: reception's responses follow exposure (MEMORIA_RESPOSTA in parametros_recepcao). */
  memoria_resposta?: boolean;
}

/**
 * Defines `key` on `m` as a field computed on its first read and kept: a plain, enumerable data
 * field from then on, in the place the manifest has always listed it (so spreads and JSON are as
 * before; JSON drops a field whose value is undefined, as it drops an absent one).
 */
function lazily<K extends keyof ReleaseManifest>(m: Partial<ReleaseManifest>, key: K, compute: () => ReleaseManifest[K]): void {
  Object.defineProperty(m, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = compute();
      Object.defineProperty(m, key, { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
  });
}

function manifest(versao: string, publicada_em: string, semente: number, o: ManifestOptions): ReleaseManifest {
  const gerador: ReleaseManifest['gerador'] = { versao, semente, efeitos_setor: o.efeitos_setor };
  if (o.domicilios_censo) gerador.domicilios_censo = true;
  if (o.setores_observados) gerador.setores_observados = true;
  if (o.internet_conjunta) gerador.internet_conjunta = true;
  if (o.caso_midia) gerador.caso_midia = o.caso_midia;
  if (o.exposicao) gerador.tv_por_area = true;
  if (o.caso_exposicao) gerador.caso_exposicao = o.caso_exposicao;
  // the Pix fit read once, by the first of the fields that state it
  let pix: ReturnType<typeof readPixFit> | undefined;
  const pixFit = () => (pix ??= o.caso_pix ? readPixFit(o.caso_pix) : null);
  // the fields in the order the manifest has always listed them
  const m: Partial<ReleaseManifest> = {
    versao,
    publicada_em,
    gerador,
    motor: versao,
    ufs: [...UF_CODES],
    ufs_grade_etaria_fechada: ['SP'],
    // Price rule: preco_micros = ceil(pessoa_dias * rate).
    preco_micros_por_pessoa_dia: 0.0002,
    // Whole-job throughput on the reference machine (2 cores), from the committed
    // bench/results/kernel.json and bench/results/shards.json (2026-11-27, a slow moment of the
    // host): the full RR reception job (4 channels, 9 variants, 5 replicas, 5.16e9 person-days)
    // runs in 4.8 s (about 1.1e9 person-days/s), the PA job (10.96e9) in 34.1 s on 2 threads (about
    // 320e6/s), but the whole-Brazil task (1 channel, 7 days) in 10.8 s (about 130e6/s; 8.7-10.8 s
    // over the day's runs), and the same kernels ran half as fast on another host of the same kind
    // (docs/experiments/kernel-speed.md, "How the kernels are measured"): kept at 100e6, so the estimate errs long on this host, by about
    // 1.3x for the whole-Brazil shape, 3.2x for the PA job and 11x for a small UF's long job.
    // Re-measure (node dist/bench/kernel.js) when the kernels change.
    pessoa_dias_por_segundo: 100_000_000,
  };
  lazily(m, 'parametros_pix', () => pixFit()?.parametros ?? PARAMETROS_MANUAIS);
  lazily(m, 'calibracao_pix', () => pixFit()?.calibracao ?? null);
  m.parametros_recepcao = o.memoria_resposta ? { ...PARAMETROS_RECEPCAO, ...MEMORIA_RESPOSTA } : PARAMETROS_RECEPCAO;
  if (o.exposicao) {
    m.recepcao_exposicao = true;
    lazily(m, 'tabela_grp', () => readGrpCells(versao)?.tabela);
  }
  m.grades = GRADES;
  // Each release credits the sources its generator reads.
  m.fontes = [
    ...FONTES, ...(o.domicilios_censo ? FONTES_DOMICILIOS_CENSO : []), ...(o.setores_observados ? FONTES_SETORES_OBSERVADOS : []),
    ...(o.internet_conjunta ? FONTES_MIDIA : []), ...(o.estimativas_populacao ? FONTES_ESTIMATIVAS_POPULACAO : []),
    ...(o.exposicao ? FONTES_EXPOSICAO : []),
  ];
  // the notice last, as the manifest has always listed it (release-notice.ts: its Portuguese beside it)
  lazily(m, 'aviso', () => releaseNotice(m as ReleaseManifest, 'en'));
  return m as ReleaseManifest;
}

/** Every offered release, oldest first. */
export const MANIFESTS: readonly ReleaseManifest[] = [
  manifest('v1.0.0', '2026-11-01', 20221001, { efeitos_setor: false }),
  manifest('v1.1.0', '2026-11-20', 20231101, { efeitos_setor: true }),
  // parametros_pix fitted by the Pix case (data/releases/v1.2.0/caso-pix.json, npm run bench:pix).
  manifest('v1.2.0', '2026-11-23', 20241201, { efeitos_setor: true, domicilios_censo: true, caso_pix: 'v1.2.0' }),
  // The Pix case stays on v1.2.0 (its parameters are copied, labelled as that fit's; a fit on this
  // population is not made): parametros_pix and calibracao_pix come from v1.2.0's case file.
  manifest('v1.3.0', '2026-11-24', 20251101, { efeitos_setor: true, domicilios_censo: true, setores_observados: true, caso_pix: 'v1.2.0' }),
  // v1.3.0's population, the same seed on purpose: what changes is the Pix fit (data/releases/v1.4.0/caso-pix.json).
  manifest('v1.4.0', '2026-11-24', 20251101, { efeitos_setor: true, domicilios_censo: true, setores_observados: true, caso_pix: 'v1.4.0' }),
  // v1.4.0's population (same generator and seed) but internet use from the midia case's fit
  // (data/releases/v1.5.0/caso-midia.json); the Pix parameters are v1.4.0's, labelled as that fit's.
  manifest('v1.5.0', '2026-11-26', 20251101, {
    efeitos_setor: true, domicilios_censo: true, setores_observados: true, internet_conjunta: true, caso_pix: 'v1.4.0',
  }),
  // v1.5.0's generator options and seed; its own midia case (edition 2) refits v1.5.0's counts to
  // the same coefficients, so the persons are v1.5.0's; the Pix case is refitted on them
  // (data/releases/v1.6.0/caso-pix.json).
  manifest('v1.6.0', '2026-11-26', 20251101, {
    efeitos_setor: true, domicilios_censo: true, setores_observados: true, internet_conjunta: true, estimativas_populacao: true,
    caso_pix: 'v1.6.0',
  }),
  // v1.6.0's generator options and seed and its midia case rebuilt (the same coefficients: the same
  // persons); the Pix case is refitted (data/releases/v1.7.0/caso-pix.json).
  manifest('v1.7.0', '2026-11-26', 20251101, {
    efeitos_setor: true, domicilios_censo: true, setores_observados: true, internet_conjunta: true, estimativas_populacao: true,
    caso_pix: 'v1.7.0',
  }),
  // v1.7.0's generator options and seed and its midia case rebuilt (the same persons); the Pix case
  // judges v1.7.0's fits again with the municipal term's new form (data/releases/v1.8.0/caso-pix.json).
  manifest('v1.8.0', '2026-11-26', 20251101, {
    efeitos_setor: true, domicilios_censo: true, setores_observados: true, internet_conjunta: true, estimativas_populacao: true,
    caso_pix: 'v1.8.0',
  }),
  // v1.8.0's generator options and seed and its midia case rebuilt (the same persons); the Pix case
  // profiles the timing by the UF's income on v1.8.0's fits, aimed at the worst UF (data/releases/v1.9.0/caso-pix.json).
  manifest('v1.9.0', '2026-11-26', 20251101, {
    efeitos_setor: true, domicilios_censo: true, setores_observados: true, internet_conjunta: true, estimativas_populacao: true,
    caso_pix: 'v1.9.0',
  }),
  // v1.9.0's generator options, seed and internet model (its midia case), with persons in TV
  // households by area; reception with each person's exposure propensity (data/releases/v2.0.0/
  // caso-exposicao.json, issue 56); the Pix parameters are v1.9.0's, labelled as that fit's.
  manifest('v2.0.0', '2026-12-03', 20251101, {
    efeitos_setor: true, domicilios_censo: true, setores_observados: true, internet_conjunta: true, estimativas_populacao: true,
    caso_midia: 'v1.9.0', exposicao: true, caso_pix: 'v1.9.0',
  }),
  // v2.0.0's persons (its generator options and seed, v1.9.0's internet model, v2.0.0's exposure
  // case) with reception's responses that follow exposure (issue 57: MEMORIA_RESPOSTA); the Pix
  // case (data/releases/v2.1.0/caso-pix.json, issue 60) judges v1.9.0's fits again with a bounded
  // a(t), beside the agents' ablation, the adopters against DICT, a fair municipal reference, the
  // attempts and intervals.
  manifest('v2.1.0', '2026-12-03', 20251101, {
    efeitos_setor: true, domicilios_censo: true, setores_observados: true, internet_conjunta: true, estimativas_populacao: true,
    caso_midia: 'v1.9.0', exposicao: true, caso_exposicao: 'v2.0.0', memoria_resposta: true, caso_pix: 'v2.1.0',
  }),
];
