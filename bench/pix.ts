// The Pix fit of the release that carries the published case (issues 12, 33): fits parametros_pix to the Banco Central's
// monthly Pix payers by UF, judges them out of sample, forecasts to 2026-12, and writes
//   data/releases/<release>/caso-pix.json  (the public case; the release manifest reads it)
//   bench/results/pix.json                 (the targets, what was measured, the minutes)
//   bench/out/pix-ajustes.json             (the three fits, each written when it ends, with its seconds)
//   npm run bench:pix -- [--release V] [--avaliacoes N] [--amostra-pessoas N] [--amostra-final K] [--inicio-juiz V] [--inicio-longo V] [--inclinacao-renda] [--inclinacao-renda-uf] [--perda mape|forma|forma_e_nivel] [--agregado media|pior] [--threads N] [--ajustes FILE | --ajustes-do-caso V] [--perfil-inclinacao-renda-uf V] [--atividade logit_log|log] [--sorteios R]
// --atividade is the form of a(t) (pix-activity.ts): logit_log, bounded (cases from v2.1.0), or log, the
// log-linear line of the cases before; --sorteios R reruns the judging R - 1 more times (Monte Carlo
// draws, pix-intervals.ts) for the case's intervals (v2.1.0: --release v2.1.0 --ajustes-do-caso v1.9.0).
// --inicio-juiz starts the judge's search at release V's judge's best point (fitted on months up to 2022-06 only);
// --inicio-juiz '' at the hand-set starts. --inicio-longo V likewise starts the long split at release V's
// long split's best point (fitted on months up to 2021-12 only); by default it starts by hand.
// --ajustes reuses the fits of such a file (made with the same release, sample and judge's start: checked;
// each kept fit keeps its own --avaliacoes, recorded per fit) and fits only what it lacks, so an
// interrupted run resumes and the judging can be rerun alone; the minutes reported are then the kept
// fits' seconds plus this run's. --ajustes-do-caso V judges release V's published fits again
// (pix-case-fits.ts: its evaluations, checked against its activities and parameters) on this
// release, with V's fit options; the fits' seconds are those of bench/results/pix.json, which must be V's.
// Deterministic: the same release, options and data give the same files (timings aside). The
// defaults are v1.7.0's case's options (80 rounds per fit on 8,000 persons per UF, the judge started
// at v1.4.0's judge's best point, judged on 1:32 samples); v1.8.0's case is v1.7.0's fits judged again
// (--release v1.8.0 --ajustes-do-caso v1.7.0).
// --perda is the fits' loss per UF (pix-fit.ts ufLoss): mape, the default and every published case's form,
// forma_e_nivel (tried in a fit that was not released: docs/experiments/pix-fits.md), or forma (the in-sample test's reading).
// --agregado combines the UFs' losses (pix-fit.ts aggregateUfLosses): media, the default and every published
// case's up to v1.8.0, or pior, the worst UF (docs/model.md, "The profile fit aimed at the worst UF").
// --inclinacao-renda also searches the timing by income (pix-fit.ts PIX_DIMENSAO_RENDA; tried on
// 2026-11-26 for a v1.8.0 that was not made: docs/model.md, "The timing by income, tried").
// --inclinacao-renda-uf also searches the timing by the UF's income (pix-fit.ts PIX_DIMENSAO_RENDA_UF;
// docs/model.md, "A timing by region, diagnosed").
// --perfil-inclinacao-renda-uf V is a profile fit of that term (pix-fit.ts PIX_PERFIL_RENDA_UF): each of
// the three fits holds its other coordinates at release V's best point of the same fit (each saw only
// its own window) and searches the term alone by golden section; --avaliacoes, --inicio-juiz and
// --inicio-longo are not read (docs/model.md, "The timing by the UF's income, profiled").
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { cpus } from 'node:os';
import { buildPixCase, type BuildPixCaseOptions, type PixCaseFits } from '../calibration/pix/pix-case.js';
import { PIX_TARGETS, targetsMet } from '../src/release/pix-battery.js';
import { fitsFromCase } from '../calibration/pix/pix-case-fits.js';
import {
  AGREGADOS_PIX, PERDAS_PIX, PIX_DIMENSAO_RENDA, PIX_DIMENSAO_RENDA_UF, PIX_PERFIL_RENDA_UF, pixBaseParameters, pixFitDimensions, type PixFit,
} from '../calibration/pix/pix-fit.js';
import { loadPixSeries } from '../calibration/pix/pix-series.js';
import { closePool } from '../src/pool/pool.js';
import { projectPath } from '../src/project-path.js';
import { FORMAS_ATIVIDADE, formatPixCase, pixCasePath, readPixCase, type AgregadoPix, type FormaAtividade, type PerdaPix, type PixCase } from '../src/release/pix-case-file.js';
import { listReleases, newestRelease, openRelease } from '../src/release/release.js';
import { oneOf, parseBenchArgs, refuseBenchArgs, wholeNumber } from './lib/bench-args.js';
import { benchRecord, writeBenchResult } from './lib/bench-output.js';
import { runAsMain } from './lib/run-as-main.js';

/** Writes the case into its release's folder (data/releases/<version>/caso-pix.json); returns the path. */
async function writePixCase(caso: PixCase): Promise<string> {
  const p = projectPath(pixCasePath(caso.release));
  await mkdir(dirname(p), { recursive: true });
  await writeFile(p, formatPixCase(caso));
  return p;
}

/** The month each kept fit's window ends in (what its best point has seen). */
const JANELA_FIM = { juiz: '2022-06', longo: '2021-12', release: '2022-12' } as const;
const NOME_AJUSTE = { juiz: 'do juiz', longo: 'longo', release: 'da release' } as const;

/**
 * The best point of a release's published judge, long-split or release fit (their windows end at
 * 2022-06, 2021-12 and 2022-12: the first two did not see their holdouts). A case that searched fewer dimensions than `dims` (the timing
 * by income is last) gives its coordinates, the others start at their hand-set inicio.
 */
function fitBest(release: string, ajuste: keyof PixCaseFits, dims: ReturnType<typeof pixFitDimensions>): { x: number[]; origem: string } {
  const c = readPixCase(release);
  if (c === null) throw new Error(`campaign-sim: release ${release} has no Pix case to start the ${ajuste} fit from`);
  const nomes = dims.map((d) => d.nome);
  const deles = c.ajuste.busca.dimensoes;
  if (JSON.stringify(deles) !== JSON.stringify(nomes.slice(0, deles.length))) {
    throw new Error(`campaign-sim: the Pix case of ${release} searched other dimensions`);
  }
  const pontos = c.ajuste.historico.filter((h) => h.ajuste === ajuste);
  if (pontos.length === 0) throw new Error(`campaign-sim: the Pix case of ${release} has no ${ajuste} fit`);
  const best = pontos.reduce((a, b) => (b.perda < a.perda ? b : a));
  const novas = dims.slice(deles.length);
  return {
    x: [...best.x, ...novas.map((d) => d.inicio)],
    origem: `melhor ponto do ajuste ${NOME_AJUSTE[ajuste]} de ${release} (janela até ${JANELA_FIM[ajuste]}, perda ${best.perda}, forma ${c.ajuste.busca.perda ?? 'mape'})` +
      (novas.length ? `; ${novas.map((d) => `${d.nome} = ${d.inicio}`).join(', ')} (início fixado à mão)` : ''),
  };
}

/**
 * The fits' seconds of release V's run, from bench/results/pix.json, which must be V's or a run
 * that judged V's fits again (--ajustes-do-caso V: it carries V's seconds); a case does not record them.
 */
function fitSecondsOnRecord(release: string): Partial<Record<keyof PixCaseFits, number>> {
  const antes = JSON.parse(readFileSync(projectPath('bench/results/pix.json'), 'utf8'));
  if (antes.release !== release && antes.opcoes?.ajustes_do_caso !== release) {
    throw new Error(`campaign-sim: bench/results/pix.json is ${antes.release}'s, not ${release}'s: the fits' seconds are not on record`);
  }
  return antes.segundos.ajustes;
}

/** The starts of a profile fit (BuildPixCaseOptions.perfil): release V's best point of each fit. */
function perfilStarts(release: string, dims: ReturnType<typeof pixFitDimensions>): NonNullable<BuildPixCaseOptions['perfil']> {
  const [juiz, longo, rel] = (['juiz', 'longo', 'release'] as const).map((a) => fitBest(release, a, dims).x);
  return { juiz, longo, release: rel, origem: `melhor ponto do mesmo ajuste de ${release}` };
}

interface KeptFits {
  release: string;
  opcoes: Record<string, number | string>;
  ajustes: Partial<PixCaseFits>;
  segundos: Partial<Record<keyof PixCaseFits, number>>;
  /** --avaliacoes of each fit. */
  avaliacoes: Partial<Record<keyof PixCaseFits, number>>;
}

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'pix',
    measures: "The Pix case of a release (docs/model.md, \"The Pix case\"): fits the adoption model to the Banco Central's monthly payers per UF three times (the judge to 2022-06, the long split to 2021-12, the release to 2022-12), judges each against persistence, Bass and the log-trend on its holdout, scores the municipalities, and writes the case with its forecast to 2026-12. About half an hour on 2 cores with the defaults.",
    results: ['pix-ajustes.json'],
    writes: ['data/releases/<release>/caso-pix.json', 'bench/results/pix.json'],
    options: {
      // a release may carry an older one's fit, as v1.5.0 carries v1.4.0's: a plain rerun refits it
      release: { type: 'string', value: 'V', default: openRelease(newestRelease()).manifest.calibracao_pix?.release ?? newestRelease(), check: oneOf(listReleases()), description: 'the release whose case is published' },
      // v1.7.0's case: 80 rounds per fit on 8,000 persons per UF, judged on 1:32 samples (v1.6.0's were 40 (release 1), 8,000, 1:64; v1.4.0's 220, 20,000, 1:4)
      avaliacoes: { type: 'string', value: 'N', default: '80', check: wholeNumber(), description: 'Nelder-Mead rounds of each fit' },
      'amostra-pessoas': { type: 'string', value: 'N', default: '8000', check: wholeNumber(), description: 'persons per UF in the fits\' household samples' },
      'amostra-final': { type: 'string', value: 'K', default: '32', check: wholeNumber(), description: 'the judging and forecast run on 1:K household samples' },
      threads: { type: 'string', value: 'N', default: String(cpus().length), check: wholeNumber(), description: 'pool threads' },
      'inicio-juiz': { type: 'string', value: 'V', default: 'v1.4.0', check: oneOf(listReleases()), description: "the judge starts at release V's judge best point" },
      'inicio-longo': { type: 'string', value: 'V', default: '', check: oneOf(['', ...listReleases()]), description: "the long split starts at release V's long-split best point ('': the hand-set start)" },
      'inclinacao-renda': { type: 'boolean', default: false, description: 'also search the timing by income (inclinacao_renda_lancamento)' },
      'inclinacao-renda-uf': { type: 'boolean', default: false, description: "also search the timing by the UF's income (inclinacao_renda_uf_lancamento)" },
      perda: { type: 'string', value: 'FORMA', default: 'mape', check: oneOf(PERDAS_PIX), description: 'the fits\' loss per UF' },
      agregado: {
        type: 'string', value: 'A', default: 'media', check: oneOf(AGREGADOS_PIX),
        description: 'how the fits combine the UFs\' losses: media (their mean, every published case\'s up to v1.8.0) or pior (the worst UF, as the in-sample target reads)',
      },
      atividade: {
        type: 'string', value: 'FORMA', default: 'logit_log', check: oneOf(FORMAS_ATIVIDADE),
        description: 'the form of a(t): logit_log (bounded, a(t) < 1; cases from v2.1.0) or log (log-linear, the cases before); fits of --ajustes-do-caso made with the other form are judged with this one',
      },
      sorteios: {
        type: 'string', value: 'R', default: '8', check: wholeNumber(),
        description: 'Monte Carlo draws of the judging (other 1:K samples and random streams; draw 0 is the case\'s run): every score gets an interval; below 2, none',
      },
      ajustes: { type: 'string', value: 'FILE', description: 'resume from the fits kept in FILE (a pix-ajustes.json of an earlier run)' },
      'ajustes-do-caso': { type: 'string', value: 'V', check: oneOf(listReleases()), description: "judge release V's case fits again instead of fitting (needs bench/results/pix.json to be V's run)" },
      'perfil-inclinacao-renda-uf': {
        type: 'string', value: 'V', check: oneOf(listReleases().filter((v) => readPixCase(v)?.ajuste.historico.some((h) => h.ajuste === 'longo'))),
        description: `a profile fit: each fit holds the other coordinates at release V's best point of the same fit and searches only the timing by the UF's income, by golden section on [${PIX_PERFIL_RENDA_UF.de}, ${PIX_PERFIL_RENDA_UF.ate}] in ${PIX_PERFIL_RENDA_UF.avaliacoes} evaluations (V's point first; needs bench/results/pix.json to be V's run, whose fits' seconds count); --avaliacoes, --inicio-juiz and --inicio-longo are not read`,
      },
    },
  });
  const perfilDe = values['perfil-inclinacao-renda-uf'];
  if (perfilDe && values['ajustes-do-caso']) refuseBenchArgs('pix', '--perfil-inclinacao-renda-uf fits, --ajustes-do-caso judges fits already made: give one');
  // A profile fit stands on V's fits: the whole fit's minutes count theirs too (read before any work).
  const partida = perfilDe ? fitSecondsOnRecord(perfilDe) : undefined;
  const t0 = performance.now();
  const release = openRelease(values.release);
  const log = (s: string) => process.stderr.write(`[${((performance.now() - t0) / 1000).toFixed(0)} s] ${s}\n`);
  // what every fit depends on (the judging's sample, amostra_final, does not; the budget is each fit's own)
  let renda = values['inclinacao-renda'];
  let rendaUf = values['inclinacao-renda-uf'] || perfilDe !== undefined;
  const perda = values.perda as PerdaPix;
  const agregado = values.agregado as AgregadoPix;
  let opcoes: Record<string, number | string> = {
    amostra_pessoas: Number(values['amostra-pessoas']),
    ...(values['inicio-juiz'] && !perfilDe ? { inicio_juiz: values['inicio-juiz'] } : {}),
    ...(values['inicio-longo'] && !perfilDe ? { inicio_longo: values['inicio-longo'] } : {}),
    ...(perfilDe ? { perfil_inclinacao_renda_uf: perfilDe } : {}),
    ...(renda ? { inclinacao_renda: 1 } : {}),
    ...(rendaUf ? { inclinacao_renda_uf: 1 } : {}),
    perda,
    agregado,
  };
  const avaliacoes = perfilDe ? PIX_PERFIL_RENDA_UF.avaliacoes : Number(values.avaliacoes);
  const amostraFinal = Number(values['amostra-final']);
  const series = loadPixSeries();
  let inicioJuiz = values['inicio-juiz'] && !perfilDe ? fitBest(values['inicio-juiz'], 'juiz', pixFitDimensions(renda, rendaUf)) : undefined;
  const inicioLongo = values['inicio-longo'] && !perfilDe ? fitBest(values['inicio-longo'], 'longo', pixFitDimensions(renda, rendaUf)) : undefined;
  const perfil = perfilDe ? perfilStarts(perfilDe, pixFitDimensions(renda, rendaUf)) : undefined;
  log('população das 27 UFs e padronização nacional');
  const base = await pixBaseParameters(release);
  const doCaso = values['ajustes-do-caso'];
  let kept: KeptFits;
  if (doCaso) {
    // The case's fits, judged again: its options are the fits' (what the other fit options say is not read).
    const c = readPixCase(doCaso);
    if (c === null) throw new Error(`campaign-sim: release ${doCaso} has no Pix case`);
    const b = c.ajuste.busca;
    opcoes = { amostra_pessoas: b.amostra_pessoas_por_uf, perda: b.perda ?? 'mape', agregado: b.agregado ?? 'media', ajustes_do_caso: doCaso };
    renda = b.dimensoes.includes(PIX_DIMENSAO_RENDA.nome);
    rendaUf = b.dimensoes.includes(PIX_DIMENSAO_RENDA_UF.nome);
    inicioJuiz = b.inicio_juiz ? { x: c.ajuste.historico.find((h) => h.ajuste === 'juiz')!.x, origem: b.inicio_juiz } : undefined;
    kept = {
      release: release.version, opcoes, ajustes: await fitsFromCase(c, release, base, series), segundos: fitSecondsOnRecord(doCaso),
      avaliacoes: { juiz: b.avaliacoes_juiz, longo: b.avaliacoes_longo ?? 0, release: b.avaliacoes_release },
    };
  } else {
    kept = values.ajustes && existsSync(values.ajustes)
      ? JSON.parse(readFileSync(values.ajustes, 'utf8'))
      : { release: release.version, opcoes, ajustes: {}, segundos: {}, avaliacoes: {} };
    if (kept.release !== release.version || JSON.stringify(kept.opcoes) !== JSON.stringify(opcoes)) {
      throw new Error(`campaign-sim: ${values.ajustes} holds fits of ${kept.release} ${JSON.stringify(kept.opcoes)}, not of ${release.version} ${JSON.stringify(opcoes)}`);
    }
  }
  if (Object.keys(kept.ajustes).length) log(`ajustes guardados: ${Object.keys(kept.ajustes).join(', ')}`);
  let tFit = performance.now();
  const { caso } = await buildPixCase({
    release, series, base, amostraPessoas: Number(opcoes.amostra_pessoas), avaliacoes, amostraFinal, inicioJuiz, inicioLongo,
    renda, rendaUf, perfil,
    perda: opcoes.perda as PerdaPix, agregado: opcoes.agregado as AgregadoPix, ajustesDoCaso: doCaso, threads: Number(values.threads),
    atividade: values.atividade as FormaAtividade, sorteios: Number(values.sorteios),
    onStage: log,
    onEvaluation: (stage, e, n) => log(`${stage} ${n}: perda ${(e.loss * 100).toFixed(2)}%`),
  }, kept.ajustes, async (nome: keyof PixCaseFits, fit: PixFit) => {
    kept.ajustes[nome] = fit;
    kept.avaliacoes[nome] = avaliacoes;
    kept.segundos[nome] = (performance.now() - tFit) / 1000;
    tFit = performance.now();
    log(`ajuste ${nome} guardado em ${await writeBenchResult('pix-ajustes.json', kept)}`);
  });
  const sum = (s: Partial<Record<keyof PixCaseFits, number>>) => Object.values(s).reduce((a, b) => a + b, 0);
  const segundos = sum(kept.segundos) + (partida ? sum(partida) : 0) + (performance.now() - tFit) / 1000;
  const casePath = await writePixCase(caso);
  const a = caso.agregados;
  const medido = { ...a, minutos: segundos / 60 };
  const result = {
    bench: 'pix', when: new Date().toISOString(), release: release.version, node: process.version, cpus: cpus().length,
    opcoes: {
      ...opcoes, avaliacoes_por_ajuste: kept.avaliacoes, amostra_final: amostraFinal, threads: Number(values.threads), atividade: values.atividade, sorteios: Number(values.sorteios),
    },
    alvos: PIX_TARGETS,
    medido,
    atingido: { ...targetsMet(a), minutos: segundos / 60 < PIX_TARGETS.minutos },
    segundos: { ajustes: kept.segundos, ...(partida ? { ajustes_de_partida: partida } : {}), total: segundos },
    comparacoes: caso.comparacoes,
    tentativas: caso.tentativas,
    intervalos: caso.intervalos,
    municipal: caso.municipal,
    ufs: caso.ufs.map((u) => ({ uf: u.uf, veredito: u.veredito, ...u.metricas })),
    caso: casePath.slice(projectPath().length + 1),
  };
  await writeFile(projectPath('bench/results/pix.json'), JSON.stringify({ ...result, registro: benchRecord() }, null, 2) + '\n');
  log(`veredito ${a.veredito}; holdout mediana ${(a.mape_mediana_holdout * 100).toFixed(1)}% (pior ${(a.mape_pior_holdout! * 100).toFixed(1)}%), ` +
    `longo ${(a.mape_mediana_longo! * 100).toFixed(1)}% (pior ${(a.mape_pior_longo! * 100).toFixed(1)}%), spearman municipal ${a.spearman_municipios!.toFixed(3)}`);
  await closePool();
}

runAsMain(import.meta.url, main);
