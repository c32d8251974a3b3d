// `campaign-sim release ...`: list the offered releases and build population cache files.
// The release module and the population builder load inside the actions.
import type { Command } from 'commander';
import type { BuildableRelease, BuildProgress, UfCode } from '../src/release/types.js';

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
    .command('build')
    .description('Build (or verify) the population cache file of each UF; all offered UFs when --uf is left out')
    .option('--release <version>', 'release version vX.Y.Z (default: the newest)')
    .option('--uf <uf...>', 'UF codes to build, e.g. --uf RR AP')
    .option('--force', 'rebuild even when a valid cache file exists')
    .addHelpText('after', '\nFiles go to $CAMPAIGN_SIM_CACHE/<release>/ (default $XDG_CACHE_HOME/campaign-sim/<release>/ or ~/.cache/campaign-sim/<release>/).')
    .action(async (opts: { release?: string; uf?: string[]; force?: boolean }) => {
      const [{ checkUfs, newestRelease, openRelease }, { ensureUfPopulation, populationFilePath }, { default: cliProgress }] = await Promise.all([
        import('../src/release/release.js'), import('../src/release/population-store.js'), import('cli-progress'),
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
