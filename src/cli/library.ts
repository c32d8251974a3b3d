// `campaign-sim library case ID`: the library's public cases, read from the release (never
// recomputed). Today the one case is `pix` (calibration/pix/, docs/model.md "The Pix case");
// templates and the HTTP routes belong to the library issue.
import type { Command } from 'commander';
import { ServiceError } from '../errors.js';
import type { PixCase } from '../../calibration/pix/pix-case.js';

const CASES = ['pix'] as const;

const pct = (x: number | null) => (x === null ? '   -  ' : `${(x * 100).toFixed(1).padStart(5)}%`);

function describe(c: PixCase): string {
  const a = c.agregados;
  const lines = [
    `${c.nome} — release ${c.release}, janela ${c.janela.inicio}..${c.janela.fim}, holdout ${c.holdout.inicio}..${c.holdout.fim}, holdout espacial ${c.holdout_espacial.ufs.join(' ')}`,
    `veredito ${a.veredito}: MAPE mediana na janela ${pct(a.mape_mediana_janela)}, pior ${pct(a.mape_pior_janela)}; mediana no holdout ${pct(a.mape_mediana_holdout)}; ` +
      `${a.ufs_melhores_que_as_duas_referencias} de ${c.ufs.length} UFs melhores que persistência e Bass; Spearman dez/2022 ${a.spearman_parte_dez_2022.toFixed(3)}`,
    `resumo: ${Object.entries(c.resumo).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    '',
    'UF  veredito             janela  holdout  persist.   Bass  espacial',
    ...c.ufs.map((u) => `${u.uf}  ${u.veredito.padEnd(19)} ${pct(u.metricas.mape_janela)}  ${pct(u.metricas.mape_holdout)}  ${pct(u.metricas.mape_persistencia)}  ${pct(u.metricas.mape_bass)}  ${pct(u.metricas.mape_espacial)}`),
    '',
    `fonte: ${c.fonte.credito} (${c.fonte.url})`,
    `aviso: ${c.aviso}`,
    `previsão: ${c.previsao.length} linhas {uf, periodo, pagadores} até ${c.previsao.at(-1)?.periodo}; --json para o documento inteiro`,
  ];
  return lines.join('\n') + '\n';
}

export function registerLibrary(program: Command): void {
  const library = program.command('library').description('The library: public validation cases of the engine');
  library
    .command('case')
    .description('Print a public case (pix: the adoption model against the Banco Central Pix series, with its forecast)')
    .argument('<id>', `case id (${CASES.join(', ')})`)
    .option('--release <version>', 'release whose case to read (default: the newest)')
    .option('--json', 'print the whole case document as JSON')
    .action(async (id: string, opts: { release?: string; json?: boolean }) => {
      if (!(CASES as readonly string[]).includes(id)) throw new ServiceError('not_found', `no case ${id}; the library has: ${CASES.join(', ')}`);
      const [{ newestRelease, openRelease }, { readPixCase }] = await Promise.all([
        import('../release/release.js'), import('../../calibration/pix/pix-case-file.js'),
      ]);
      const release = openRelease(opts.release ?? newestRelease()).version;
      const c = readPixCase(release);
      if (c === null) throw new ServiceError('not_found', `release ${release} has no Pix case (its parametros_pix were not fitted; the fit is npm run bench:pix)`);
      process.stdout.write(opts.json ? JSON.stringify(c, null, 2) + '\n' : describe(c));
    });
}
