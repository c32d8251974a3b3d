// The midia case of the newest release (issue: internet use and media habits as the surveys
// measure them): counts the persons 10+ per internet-model cell, rakes the model, and writes
//   data/releases/<release>/caso-midia.json  (the public case; the release's generator reads its coefficients)
//   bench/results/midia.json                 (the targets, what was measured on the built population, the seconds)
//   npm run bench:midia -- [--release v1.5.0] [--recontar]
// The counts come from v1.4.0 (same persons, internet apart); a rerun reuses the committed counts
// unless --recontar (a national build, several minutes). The release's 27 UF populations are then
// built (cached) and measured. The case is a pure function of the counts, the measured margins and
// data/br/midia. After a refit, rebuild the release's cache files (release build --force): they
// do not record the coefficients they were drawn with.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { cpus } from 'node:os';
import { countInternetCells } from '../calibration/midia/count-internet-cells.js';
import { buildMidiaCase, MIDIA_LIMITES_PP, midiaCaseJson, type MidiaCase } from '../calibration/midia/midia-case.js';
import { readMidiaCase } from '../calibration/midia/midia-case-file.js';
import { projectPath } from '../src/project-path.js';
import { midiaCasePath } from '../src/population/internet-fit-file.js';
import { listReleases, newestRelease } from '../src/release/release.js';
import { UF_CODES } from '../src/release/types.js';
import { closePool } from '../src/pool/pool.js';
import { clearPopulationMemory } from '../src/population/population-store.js';
import { measureBuildSeconds, measurePopulation, measureTvReach } from './lib/measure-midia.js';
import { oneOf, parseBenchArgs } from './lib/bench-args.js';
import { runAsMain } from './lib/run-as-main.js';
import { benchRecord } from './lib/bench-output.js';

/** The release whose population the cells are counted on: the one the fitted release shares its persons with. */
const COUNTS_RELEASE = 'v1.4.0';

/** The targets (pp unless said). */
const MIDIA_TARGETS = {
  internet_pnad_total_regiao_situacao_pp: MIDIA_LIMITES_PP.ajuste_pnad,
  internet_tic_escolaridade_renda_idade_pp: MIDIA_LIMITES_PP.ajuste_tic,
  habitos_pbm_pp: MIDIA_LIMITES_PP.ajuste_tic,
  /** "Daily TV, radio and internet use by age and schooling within 5 points of the PBM": the data hold internet by schooling only (case edition 2). */
  habitos_pbm_escolaridade_pp: MIDIA_LIMITES_PP.ajuste_tic,
  fora_da_amostra_pp: MIDIA_LIMITES_PP.fora_da_amostra,
  tv_dia1_por_grupo_idade_pp: 1,
  /** "In 30 days about the share that uses it at all": persons 10+ of each age group, this project's reading of "about". */
  tv_30dias_menos_usuarios_tv_pp_10mais: 2,
  construcao_razao_max: 1.1,
};

async function main(): Promise<void> {
  const { values } = parseBenchArgs({
    name: 'midia',
    measures: `The midia case of a release: counts the persons 10+ per internet-model cell (from ${COUNTS_RELEASE}'s population; a rerun reuses the counts of the case on file), rakes the internet model and writes the case, then builds the release's 27 UF populations (cached) and measures them against the targets: internet use and media habits by the surveys' margins, TV reach in RR, the build time.`,
    writes: ['data/releases/<release>/caso-midia.json', 'bench/results/midia.json'],
    options: {
      release: { type: 'string', value: 'V', default: newestRelease(), check: oneOf(listReleases()), description: 'the release whose case is made' },
      recontar: { type: 'boolean', default: false, description: `count the cells again on ${COUNTS_RELEASE} (a national build, several minutes) instead of reusing the case's counts` },
    },
  });
  const t0 = performance.now();
  const log = (s: string) => process.stderr.write(`[${((performance.now() - t0) / 1000).toFixed(0)} s] ${s}\n`);
  const release = values.release;
  const casePath = projectPath(midiaCasePath(release));
  const old: MidiaCase | null = existsSync(casePath) ? readMidiaCase(release) : null;
  let counts: Float64Array;
  let countSeconds: number | null = null;
  if (old && !values.recontar) {
    log(`contagens do caso gravado (${old.internet.contagens.release})`);
    counts = Float64Array.from(old.internet.contagens.pessoas);
  } else {
    log(`contando as pessoas de 10+ por célula em ${COUNTS_RELEASE} (27 UFs)`);
    const c0 = performance.now();
    counts = await countInternetCells(COUNTS_RELEASE, UF_CODES, (uf) => log(uf));
    countSeconds = (performance.now() - c0) / 1000;
  }
  // The fit first (the release's generator reads its coefficients), then the built population.
  await mkdir(dirname(casePath), { recursive: true });
  await writeFile(casePath, midiaCaseJson(buildMidiaCase(release, COUNTS_RELEASE, counts, null)));
  log('ajuste gravado; medindo a população da release (27 UFs)');
  const populacao = await measurePopulation(release, log);
  const caso = buildMidiaCase(release, COUNTS_RELEASE, counts, populacao);
  await writeFile(casePath, midiaCaseJson(caso));
  log(`caso gravado: ${casePath}; ${caso.agregados.eixos_passaram} eixos passaram, ${caso.agregados.eixos_reprovados} reprovados`);
  const tv = await measureTvReach(release, 1, 2);
  const tv30 = await measureTvReach(release, 30, 1);
  log('alcance de TV no dia 1 e em 30 dias medido (RR)');
  clearPopulationMemory();
  const construcao = await measureBuildSeconds('RR', COUNTS_RELEASE, release, 10);
  const realized = (eixo: string) => populacao.margens.filter((r) => r.eixo === eixo && r.medida === 'internet' && r.pessoas > 0)
    .map((r) => ({ segmento: r.segmento, pessoas: r.pessoas, internet_pct: Number((100 * r.valor!).toFixed(2)) }));
  const m = caso.internet.margens;
  const worst = (xs: { erro_pp: number }[]) => Math.max(...xs.map((x) => Math.abs(x.erro_pp)));
  const pnadFit = m.filter((x) => x.id.startsWith('pnad2023/') && (x.eixo === 'total' || x.eixo === 'regiao' || x.eixo === 'situacao'));
  const ticFit = m.filter((x) => x.uso === 'ajuste' && x.id.startsWith('tic2020/'));
  const habits = caso.habitos!.margens;
  const held = [...m, ...habits].filter((x) => x.uso === 'fora_da_amostra');
  const pbmSchooling = habits.filter((x) => x.eixo === 'escolaridade');
  const medido = {
    internet_pnad_total_regiao_situacao_pp: worst(pnadFit),
    internet_tic_escolaridade_renda_idade_pp: worst(ticFit),
    habitos_pbm_pp: worst(habits.filter((x) => x.uso === 'ajuste')),
    habitos_pbm_escolaridade_pp: worst(pbmSchooling),
    habitos_pbm_escolaridade: pbmSchooling.map((x) => ({ id: x.id, publicado: x.publicado, comparado_com: x.comparado_com, modelo: x.modelo, erro_pp: x.erro_pp })),
    fora_da_amostra_pp: worst(held),
    fora_da_amostra_reprovadas: held.filter((x) => !x.passou).map((x) => ({ id: x.id, publicado: x.publicado, comparado_com: x.comparado_com, modelo: x.modelo, erro_pp: x.erro_pp })),
    tv_dia1_por_grupo_idade_pp: Math.max(...tv.map((g) => Math.abs(g.diferenca_dia1_pp))),
    tv_30dias_menos_usuarios_tv_pp_10mais: Math.max(...tv30.slice(1).map((g) => Math.abs(100 * (g.alcance - g.usuarios_tv)))),
    construcao_rr_segundos: construcao,
    construcao_razao: construcao.depois / construcao.antes,
  };
  const result = {
    bench: 'midia', when: new Date().toISOString(), release, node: process.version, cpus: cpus().length,
    note: 'measured on a 2-core machine shared with other jobs: contended timings (build seconds: CPU seconds, user + system of the process, of 10 in-memory builds of RR per release in ABBA order, the minimum compared, the median shown)',
    alvos: MIDIA_TARGETS,
    medido,
    atingido: {
      internet_pnad_total_regiao_situacao_pp: medido.internet_pnad_total_regiao_situacao_pp <= MIDIA_TARGETS.internet_pnad_total_regiao_situacao_pp,
      internet_tic_escolaridade_renda_idade_pp: medido.internet_tic_escolaridade_renda_idade_pp <= MIDIA_TARGETS.internet_tic_escolaridade_renda_idade_pp,
      habitos_pbm_pp: medido.habitos_pbm_pp <= MIDIA_TARGETS.habitos_pbm_pp,
      habitos_pbm_escolaridade_pp: pbmSchooling.length > 0 ? medido.habitos_pbm_escolaridade_pp <= MIDIA_TARGETS.habitos_pbm_escolaridade_pp : null,
      fora_da_amostra_pp: medido.fora_da_amostra_pp <= MIDIA_TARGETS.fora_da_amostra_pp,
      tv_dia1_por_grupo_idade_pp: medido.tv_dia1_por_grupo_idade_pp <= MIDIA_TARGETS.tv_dia1_por_grupo_idade_pp,
      tv_30dias_menos_usuarios_tv_pp_10mais: medido.tv_30dias_menos_usuarios_tv_pp_10mais <= MIDIA_TARGETS.tv_30dias_menos_usuarios_tv_pp_10mais,
      construcao_razao: medido.construcao_razao <= MIDIA_TARGETS.construcao_razao_max,
    },
    contagem_segundos: countSeconds,
    internet_populacao_construida: { total: realized('total'), regiao: realized('regiao'), situacao: realized('situacao') },
    tv_dia1_rr: tv.map(({ grupo_idade, pessoas, alcance, tv_diaria, diferenca_dia1_pp }) => ({ grupo_idade, pessoas, alcance, tv_diaria, diferenca_dia1_pp })),
    tv_30dias_rr: tv30.map(({ grupo_idade, pessoas, alcance, usuarios_tv }) => ({ grupo_idade, pessoas, alcance, usuarios_tv })),
    ufs: caso.ufs.filter((u) => u.internet !== null).map((u) => ({ uf: u.uf, veredito: u.veredito, ...u.internet })),
    segundos: (performance.now() - t0) / 1000,
    caso: casePath.slice(projectPath().length + 1),
  };
  await writeFile(projectPath('bench/results/midia.json'), JSON.stringify({ ...result, registro: benchRecord() }, null, 2) + '\n');
  log('bench/results/midia.json gravado');
  await closePool();
}

runAsMain(import.meta.url, main);
