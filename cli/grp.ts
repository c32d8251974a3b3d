// `campaign-sim grp`: a week's media plan between gross rating points and intensities for a release
// and UFs (src/models/recepcao/plan-grp.ts convertGrp, the library's convertGrp): --grp tv=100,...
// gives each channel's intensidade whose week buys those GRPs among the audience; --intensidade
// tv=0.1,... the GRPs a week each buys; each row with the week's expected 1+ reach and average
// frequency (plan-reach.ts). One line and exit 2 for a plan the release cannot take.
import type { Command } from 'commander';
import { ServiceError } from '../src/errors.js';
import type { GrpAudience } from '../src/models/recepcao/plan-grp.js';

/** `canal=valor,canal=valor` as an object of numbers. */
function parsePlan(flag: string, text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text.split(',')) {
    const m = /^([a-z]+)=([0-9.eE+-]+)$/.exec(part.trim());
    if (!m || !Number.isFinite(Number(m[2]))) throw new ServiceError('invalid_request', `${flag}: ${JSON.stringify(part)} is not canal=número (tv=100,radio=40)`);
    out[m[1]] = Number(m[2]);
  }
  return out;
}

/** `20-59,60-` as the scenario's idades ([start, end] pairs, null for an open end; convertGrp checks the values). */
function parseAges(text: string): GrpAudience['idades'] {
  return text.split(',').map((part) => {
    const m = /^(\d+)-(\d*)$/.exec(part.trim());
    if (!m) throw new ServiceError('invalid_request', `--idades: ${JSON.stringify(part)} is not a 5-year range like 20-59 or 60-`);
    return [Number(m[1]), m[2] === '' ? null : Number(m[2])];
  }) as GrpAudience['idades'];
}

interface GrpOptions {
  release?: string;
  ufs: string;
  grp?: string;
  intensidade?: string;
  idades?: string;
  renda?: string;
  escolaridade?: string;
  json?: boolean;
}

export function registerGrp(program: Command): void {
  program
    .command('grp')
    .description('Convert a week\'s media plan between GRPs (gross rating points: contacts per 100 persons of the audience) and intensities, for a release and UFs')
    .requiredOption('--ufs <ufs>', 'UFs, comma-separated (RR,AP)')
    .option('--release <version>', 'release vX.Y.Z with exposure propensities (default: the newest)')
    .option('--grp <plan>', 'GRPs a week per channel, to intensities: tv=100,radio=40')
    .option('--intensidade <plan>', 'intensidade per channel, to GRPs a week: tv=0.1,digital=0.05')
    .option('--idades <ranges>', 'the audience\'s ages, 5-year ranges: 20-59,60- (default everyone)')
    .option('--renda <quintiles>', 'the audience\'s faixas_renda 0-4, comma-separated')
    .option('--escolaridade <levels>', 'the audience\'s niveis_instrucao, comma-separated (fundamental_incompleto, ..., superior_completo)')
    .option('--json', 'print the rows as JSON: canal, intensidade, grp_semana, grp_semana_maximo, alcance_semana, frequencia_media_semana (exact)')
    .addHelpText('after',
      '\nThe figure is an expected value of the release\'s model (its cells, exposure propensities and affinities, as the kernel draws them), ' +
      'over the release\'s persons of the UFs in the audience\'s ages, renda and escolaridade; a week is 7 days at the intensity. ' +
      'alcance: the expected share of the audience with at least one contact of the channel in the week (1+ reach); frequência média: ' +
      'contacts per person reached (grp_semana / 100 / alcance). Media contacts only, without word of mouth. ' +
      'Releases before v2.0.0 have no exposure propensities and are refused (exit 2). docs/model.md, "GRPs".')
    .action(async (o: GrpOptions) => {
      if ((o.grp === undefined) === (o.intensidade === undefined)) throw new ServiceError('invalid_request', 'give exactly one of --grp and --intensidade');
      const [{ newestRelease }, { convertGrp }, { UF_CODES }] = await Promise.all([
        import('../src/release/release.js'), import('../src/models/recepcao/plan-grp.js'), import('../src/release/types.js'),
      ]);
      const ufs = o.ufs.split(',').map((u) => u.trim().toUpperCase());
      for (const uf of ufs) if (!(UF_CODES as readonly string[]).includes(uf)) throw new ServiceError('release_unavailable', `--ufs: ${uf} is not a UF`);
      const renda = o.renda?.split(',').map((r) => Number(r));
      const esc = o.escolaridade?.split(',').map((e) => e.trim()) as GrpAudience['niveis_instrucao'];
      const release = o.release ?? newestRelease();
      const rows = convertGrp({
        release,
        ufs: ufs as (typeof UF_CODES)[number][],
        publico: {
          ...(o.idades ? { idades: parseAges(o.idades) } : {}),
          ...(renda ? { faixas_renda: renda } : {}),
          ...(esc ? { niveis_instrucao: esc } : {}),
        },
        ...(o.grp !== undefined ? { grp_semana: parsePlan('--grp', o.grp) } : { intensidade: parsePlan('--intensidade', o.intensidade!) }),
      });
      if (o.json) {
        process.stdout.write(`${JSON.stringify(rows)}\n`);
        return;
      }
      const lines = [
        `GRPs a week on ${release}, ${ufs.join(', ')} (expected value of the release's model; a week is 7 days at the intensity;`,
        'alcance: 1+ reach of the week, share of the audience; frequência: contacts per person reached; media contacts only)', '',
      ];
      lines.push(`${'canal'.padEnd(9)}${'intensidade'.padStart(12)}${'grp_semana'.padStart(12)}${'máximo'.padStart(10)}${'alcance'.padStart(10)}${'frequência'.padStart(12)}`);
      for (const r of rows) {
        const freq = r.frequencia_media_semana === null ? '-' : r.frequencia_media_semana.toFixed(2);
        lines.push(`${r.canal.padEnd(9)}${r.intensidade.toFixed(6).padStart(12)}${r.grp_semana.toFixed(2).padStart(12)}${r.grp_semana_maximo.toFixed(1).padStart(10)}` +
          `${`${(100 * r.alcance_semana).toFixed(1)}%`.padStart(10)}${freq.padStart(12)}`);
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
