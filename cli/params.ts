// `campaign-sim params [--release V] [--familia F] [--json]`: each model parameter, its default in
// the release per family, its type and range and its meaning (src/research/parameter-table.ts):
// what `--param name=value` may set, and what it is checked against before a run.
import type { Command } from 'commander';
import { contractError } from '../src/errors.js';

/** Numbers to 6 significant digits, in arrays and objects too: the table is for reading (--json keeps them exact). */
function shown(v: unknown): string {
  if (v === null) return 'absent (the model without it)';
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'number' ? Number(x.toPrecision(6)) : x)).replace(/,/g, ', ').replace(/:/g, ': ');
}

export function registerParams(program: Command): void {
  program
    .command('params')
    .description('List the model parameters: each one\'s default in a release, its type and range, and what it means')
    .option('--release <version>', 'release version vX.Y.Z (default: the newest)')
    .option('--familia <familia>', 'only the parameters of adocao or recepcao')
    .option('--json', 'print the rows as a JSON array: nome, familias, padrao (per family, exact), faixa, significado')
    .addHelpText('after', '\nSet one in a run with --param name=value (simulate, sweep), or a member with a dotted name (pesos_canais.digital=0.2, deslocamento_porte.3=0.1). A value outside its type and range, or a parameter that does not act in the scenario\'s family, is refused before the run (exit 2). docs/research.md, "Overrides".')
    .action(async (o: { release?: string; familia?: string; json?: boolean }) => {
      const [{ newestRelease }, { resolveRelease }, { parameterTable }, { MODEL_FAMILIES }] = await Promise.all([
        import('../src/release/release.js'), import('../src/contract/release-checks.js'), import('../src/research/parameter-table.js'),
        import('../src/models/model-registry.js'),
      ]);
      // the families are the rooms' (src/models/), not named here
      const only = o.familia;
      const known: string[] = MODEL_FAMILIES.map((m) => m.familia);
      if (only !== undefined && !known.includes(only)) {
        throw contractError('family_unknown', '--familia', `--familia must be ${known.join(' or ')}`);
      }
      const release = resolveRelease(o.release ?? newestRelease());
      const rows = parameterTable(release.manifest).filter((r) => only === undefined || (r.familias as readonly string[]).includes(only));
      if (o.json) {
        process.stdout.write(`${JSON.stringify(rows)}\n`);
        return;
      }
      const c = release.manifest.calibracao_pix;
      const origin = c === null ? 'set by hand' : `fitted by the library case ${c.caso} on ${c.release}, verdict ${c.veredito}`;
      const lines = [
        `Model parameters of release ${release.version}. adocao defaults: parametros_pix (${origin}); recepcao defaults: parametros_recepcao (modelled, not fitted).`,
      ];
      for (const r of rows) {
        lines.push(
          '',
          `${r.nome}  (${r.familias.join(', ')})`,
          `  default  ${Object.entries(r.padrao).map(([f, v]) => `${f} ${shown(v)}`).join('; ')}`,
          `  range    ${r.faixa}`,
          `  meaning  ${r.significado}`,
        );
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
