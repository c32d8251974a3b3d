// `campaign-sim release ...`: list the offered releases, build population cache files, describe a population.
// The release module and the population builder load inside the actions.
import type { Command } from 'commander';
import type { BuildableRelease, BuildProgress, UfCode } from '../src/release/types.js';

/** A margin of the exposure case (calibration/midia/exposure-fit.ts), as `release margins` prints it. */
interface ExposureMargin {
  id: string; uso: string; fonte: string; medida: string; publicado: number; modelo: number; erro_pp: number; limite_pp: number; passou: boolean;
}

export function registerRelease(program: Command): void {
  const release = program.command('release').description('Releases (versioned synthetic populations) and their cache files');

  release
    .command('list')
    .description('List the offered releases, newest last')
    .option('--json', 'print the list as JSON')
    .action(async (opts: { json?: boolean }) => {
      const { releaseSummaries } = await import('../src/release/release.js');
      const rows = releaseSummaries();
      if (opts.json) { process.stdout.write(JSON.stringify(rows, null, 2) + '\n'); return; }
      for (const r of rows) {
        process.stdout.write(`${r.versao}  published ${r.publicada_em}  ${r.ufs.length} UFs  age grid closed: ${r.ufs_grade_etaria_fechada.join(' ')}${r.mais_nova ? '  (newest)' : ''}\n`);
      }
    });

  release
    .command('margins')
    .description('Describe a release\'s synthetic population: internet use and daily media use by segment (persons 10+)')
    .option('--release <version>', 'release version vX.Y.Z (default: the newest)')
    .option('--uf <uf...>', 'UF codes to describe, e.g. --uf RR AP (default: all offered)')
    .option('--json', 'print the rows as a JSON array')
    .addHelpText('after', [
      '',
      'One row per axis, segment and measure: {"eixo","segmento","pessoas","medida","valor"}.',
      '  eixo      total, faixa_etaria_5 ("0".."16"), sexo, raca, escolaridade, renda ("0".."4"), regiao, situacao (urbana, rural)',
      '  pessoas   persons aged 10+ of the segment (the base of valor; 0 for bands 0 and 1)',
      '  medida    internet: share who used the internet in the last 3 months (the population\'s attribute);',
      '            tv_diaria, radio_diaria, internet_diaria: mean daily-use probability of the release\'s reception model',
      '            (media habits from v1.5.0; before, the one-day contact probability of the assumed affinities);',
      '            from v2.0.0 (exposure propensities) the model\'s reach at intensidade 1 in each medium\'s two windows:',
      '            tv_diaria, tv_semanal, radio_diaria, radio_30_dias, exterior_semanal, and internet_diaria,',
      '            followed (text output) by the exposure case\'s margins: each published figure, the model\'s value, fitted or held out',
      '  valor     share 0-1, null when the segment has no persons 10+',
      'UFs not yet built are built and cached first (see release build). docs/population.md, "Population margins".',
    ].join('\n'))
    .action(async (opts: { release?: string; uf?: string[]; json?: boolean }) => {
      const [{ newestRelease }, { populationMargins }, { readExposureCaseDocument }] = await Promise.all([
        import('../src/release/release.js'), import('../src/plan/population-margins.js'), import('../src/release/exposure-case-file.js'),
      ]);
      const release = opts.release ?? newestRelease();
      const rows = await populationMargins(release, opts.uf?.map((u) => u.toUpperCase()));
      if (opts.json) { process.stdout.write(JSON.stringify(rows) + '\n'); return; }
      for (const r of rows) {
        process.stdout.write(`${r.eixo}\t${r.segmento}\t${r.pessoas}\t${r.medida}\t${r.valor === null ? '-' : (100 * r.valor).toFixed(1) + '%'}\n`);
      }
      // the published two-window habits the model follows (fitted) or is judged against (held out): the exposure case's
      const caso = readExposureCaseDocument(release) as { ajuste: { margens: ExposureMargin[] } } | null;
      if (caso) {
        process.stdout.write(`\nexposure case (library case exposicao, data/releases/${release}/caso-exposicao.json), all of the data's population, not only --uf:\n`);
        for (const m of caso.ajuste.margens) {
          process.stdout.write(
            `${m.id}\t${m.uso}\tpublicado ${m.publicado}\tmodelo ${m.modelo}\terro ${m.erro_pp} pp (limite ${m.limite_pp})\t${m.passou ? 'passou' : 'reprovado'}\t${m.medida}; ${m.fonte}\n`,
          );
        }
      }
    });

  release
    .command('build')
    .description('Build (or verify) the population cache file of each UF; all offered UFs when --uf is left out')
    .option('--release <version>', 'release version vX.Y.Z (default: the newest)')
    .option('--uf <uf...>', 'UF codes to build, e.g. --uf RR AP')
    .option('--force', 'rebuild even when a valid cache file exists')
    .addHelpText('after', '\nFiles go to $CAMPAIGN_SIM_CACHE/<release>/ (default $XDG_CACHE_HOME/campaign-sim/<release>/ or ~/.cache/campaign-sim/<release>/).')
    .action(async (opts: { release?: string; uf?: string[]; force?: boolean }) => {
      const [{ checkUfs, newestRelease, openRelease }, { ensureUfPopulation, populationFilePath }, { default: cliProgress }] = await Promise.all([
        import('../src/release/release.js'), import('../src/population/population-store.js'), import('cli-progress'),
      ]);
      const rel = openRelease(opts.release ?? newestRelease()) as BuildableRelease;
      const ufs = opts.uf ? checkUfs(rel.manifest, opts.uf.map((u) => u.toUpperCase())) : [...rel.ufs];
      const tty = process.stderr.isTTY === true;
      const bar = tty
        ? new cliProgress.SingleBar({ format: '{uf} {stage} [{bar}] {value}/{total} | {duration_formatted}', hideCursor: true, stream: process.stderr }, cliProgress.Presets.shades_classic)
        : undefined;
      for (const uf of ufs as UfCode[]) {
        const t0 = performance.now();
        let started = false;
        const onProgress = (p: BuildProgress) => {
          if (!bar) return;
          if (!started) { bar.start(p.total, 0, { uf, stage: p.stage }); started = true; }
          bar.setTotal(p.total);
          bar.update(p.done, { uf, stage: p.stage });
        };
        // Not kept in memory: building every UF must not hold all of Brazil at once.
        const pop = await ensureUfPopulation(rel, uf, onProgress, opts.force === true, false);
        if (started) bar?.stop();
        const secs = ((performance.now() - t0) / 1000).toFixed(1);
        process.stdout.write(
          `${rel.version} ${uf}: ${pop.age5.length} persons, ${pop.hhTract.length} households, ${pop.tractCodes.length} tracts, ` +
          `${pop.nTurmas} classes, ${pop.groupMun.length - pop.nTurmas} establishments (${secs} s) -> ${populationFilePath(rel.version, uf)}\n`,
        );
      }
    });
}
