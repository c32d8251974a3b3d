// `campaign-sim library list | template ID | case ID`: the library's campaign templates
// (library/) and public cases, read from the release (never recomputed): `pix` (its file:
// src/release/pix-case-file.ts; its fit: calibration/pix/, docs/model.md "The Pix case") and, from
// v1.5.0, `midia` (calibration/midia/, docs/model.md "The midia case"), and from v2.0.0 `exposicao`
// (calibration/midia/exposure-fit.ts, docs/model.md "Exposure propensity").
// The engine and the library load in the actions (a CLI call loads only what it runs).
import type { Command } from 'commander';
import { ServiceError } from '../src/errors.js';
import type { ExposureFit } from '../calibration/midia/exposure-fit.js';
import type { MidiaCase } from '../calibration/midia/midia-case.js';
import { judgePixCase } from '../src/release/pix-battery.js';
import type { PixCase } from '../src/release/pix-case-file.js';

const loadRelease = () => import('../src/release/release.js');

const CASES = ['pix', 'midia', 'exposicao'] as const;

const pct = (x: number | null) => (x === null ? '   -  ' : `${(x * 100).toFixed(1).padStart(5)}%`);

function describe(c: PixCase): string {
  const a = c.agregados;
  const lines = [
    `${c.nome} — release ${c.release}, janela ${c.janela.inicio}..${c.janela.fim}, holdout ${c.holdout.inicio}..${c.holdout.fim}, holdout espacial ${c.holdout_espacial.ufs.join(' ')}`,
    `veredito do caso ${a.veredito}: MAPE mediana na janela ${pct(a.mape_mediana_janela)}, pior ${pct(a.mape_pior_janela)}; mediana no holdout ${pct(a.mape_mediana_holdout)}; ` +
      `${a.ufs_melhores_que_as_duas_referencias} de ${c.ufs.length} UFs melhores que persistência e Bass; Spearman dez/2022 ${a.spearman_parte_dez_2022.toFixed(3)}`,
    `resumo: ${Object.entries(c.resumo).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `hoje: ${judgePixCase(c.release, a, a.veredito).motivo}`,
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

function describeMidia(c: MidiaCase): string {
  const row = (m: MidiaCase['internet']['margens'][number]) =>
    `  ${m.uso.padEnd(16)} ${m.id.padEnd(58)} ${String(m.publicado).padStart(5)} ${m.comparado_com.toFixed(1).padStart(6)} ${m.modelo.toFixed(1).padStart(6)} ${m.erro_pp.toFixed(1).padStart(6)}${m.passou ? '' : '  REPROVADA'}`;
  const lines = [
    `${c.nome} — release ${c.release}`,
    `veredito ${c.agregados.veredito}: ${c.agregados.eixos_passaram} eixos passaram, ${c.agregados.eixos_reprovados} reprovados; UFs: ${Object.entries(c.resumo).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    '',
    'internet (% de pessoas 10+): uso, margem, publicado, comparado com, modelo, erro pp',
    ...c.internet.margens.map(row),
    ...(c.habitos ? ['', 'hábitos de mídia (% diário):', ...c.habitos.margens.map(row)] : []),
    '',
    ...c.ufs.filter((u) => u.internet).map((u) => `UF ${u.uf} ${u.veredito}: internet publicado ${u.internet!.publicado}%, modelo ${u.internet!.modelo}%`),
    `fonte: ${c.fonte.credito}`,
    `aviso: ${c.aviso}`,
    '--json para o documento inteiro (contagens, coeficientes, margens da população)',
  ];
  return lines.join('\n') + '\n';
}

function describeExposure(c: { nome: string; release: string; aviso: string; fonte: string; ajuste: ExposureFit }): string {
  const a = c.ajuste;
  const row = (m: ExposureFit['margens'][number]) =>
    `  ${m.uso.padEnd(16)} ${m.id.padEnd(34)} ${String(m.publicado).padStart(6)} ${m.comparado_com.toFixed(1).padStart(6)} ${m.modelo.toFixed(1).padStart(6)} ${m.erro_pp.toFixed(1).padStart(6)}${m.passou ? '' : '  FORA DO LIMITE'}`;
  const lines = [
    `${c.nome} — release ${c.release}`,
    `forma k: tv ${a.tv.forma}, rádio ${a.radio.forma}, exterior ${a.exterior.forma}; peso de mídia rho ${a.peso_midia.padrao} (suposição)`,
    `ajuste ${a.veredito.ajuste}; fora da amostra ${a.veredito.fora_da_amostra.passaram} de ${a.veredito.fora_da_amostra.total} dentro do limite`,
    '',
    'margens: uso, id, publicado, comparado com, modelo, erro pp',
    ...a.margens.map(row),
    '',
    `fonte: ${c.fonte}`,
    `aviso: ${c.aviso}`,
    '--json para o documento inteiro (curvas de alcance por GRP, duplicação, mercados de rádio)',
  ];
  return lines.join('\n') + '\n';
}

const collect = (v: string, prev: string[] = []) => [...prev, v];

export function registerLibrary(program: Command): void {
  const library = program.command('library').description('The library: campaign templates by sector and public validation cases of the engine');
  library
    .command('list')
    .description('List the templates (id, sector, name, calibration) and the public cases')
    .option('--release <version>', 'release to read (default: the newest)')
    .option('--json', 'print the library as the API serves it (GET /v1/biblioteca)')
    .action(async (opts: { release?: string; json?: boolean }) => {
      const [{ openRelease }, { listLibrary }] = await Promise.all([loadRelease(), import('../library/list-library.js')]);
      const lib = listLibrary(openRelease(opts.release));
      if (opts.json) { process.stdout.write(JSON.stringify(lib, null, 2) + '\n'); return; }
      const lines = ['modelos:', ...lib.modelos.map((m) => `  ${m.id.padEnd(34)} ${m.setor.padEnd(18)} ${m.calibracao.padEnd(14)} ${m.nome}`), 'casos:'];
      for (const c of lib.casos) lines.push(`  ${c.id.padEnd(34)} ${c.agregados.veredito.padEnd(18)} ${c.nome}`);
      if (lib.casos.length === 0) lines.push('  (nenhum nesta release)');
      lines.push('', `aviso: ${lib.aviso}`, 'campaign-sim library template ID --uf RR   prints a complete scenario for a place');
      process.stdout.write(lines.join('\n') + '\n');
    });
  library
    .command('template')
    .description('Print a template; with --uf or --municipio, its complete scenario (pedido) for that place, ready for quote/simulate')
    .argument('<id>', 'template id (campaign-sim library list)')
    .option('--uf <UF>', 'UF of the place (repeatable)', collect)
    .option('--municipio <code>', '7-digit IBGE municipality code (repeatable)', collect)
    .option('--release <version>', 'release to fill the scenario for (default: the newest)')
    .option('--pedido', 'print only the complete scenario (needs a place), e.g. > pedido.json')
    .action(async (id: string, opts: { uf?: string[]; municipio?: string[]; release?: string; pedido?: boolean }) => {
      const [{ openRelease }, { fillTemplate }] = await Promise.all([loadRelease(), import('../library/fill-template.js')]);
      const t = fillTemplate(id, { uf: opts.uf, municipio: opts.municipio }, openRelease(opts.release), new Date());
      if (opts.pedido && t.pedido === null) throw new ServiceError('invalid_request', '--pedido needs a place: add --uf UF or --municipio CODE');
      process.stdout.write(JSON.stringify(opts.pedido ? t.pedido : t, null, 2) + '\n');
    });
  library
    .command('case')
    .description('Print a public case (pix: the adoption model against the Banco Central Pix series, with its forecast; midia: internet use and media habits against the surveys)')
    .argument('<id>', `case id (${CASES.join(', ')})`)
    .option('--release <version>', 'release whose case to read (default: the newest)')
    .option('--json', 'print the whole case document as JSON')
    .action(async (id: string, opts: { release?: string; json?: boolean }) => {
      if (!(CASES as readonly string[]).includes(id)) throw new ServiceError('not_found', `no case ${id}; the library has: ${CASES.join(', ')}`);
      const { openRelease } = await loadRelease();
      const rel = openRelease(opts.release);
      if (id === 'midia') {
        const { readMidiaCase } = await import('../calibration/midia/midia-case-file.js');
        const m = readMidiaCase(rel.version);
        if (m === null) throw new ServiceError('not_found', `release ${rel.version} has no midia case (internet use is not fitted before v1.5.0; the fit is npm run bench:midia)`);
        process.stdout.write(opts.json ? JSON.stringify(m, null, 2) + '\n' : describeMidia(m));
        return;
      }
      if (id === 'exposicao') {
        const { readExposureCaseDocument } = await import('../src/release/exposure-case-file.js');
        const e = readExposureCaseDocument(rel.version) as Parameters<typeof describeExposure>[0] | null;
        if (e === null) throw new ServiceError('not_found', `release ${rel.version} has no exposure case (heavy and light users start at v2.0.0; the fit is npm run case:exposicao)`);
        process.stdout.write(opts.json ? JSON.stringify(e, null, 2) + '\n' : describeExposure(e));
        return;
      }
      const { readPixCase } = await import('../src/release/pix-case-file.js');
      const fit = rel.manifest.calibracao_pix;
      const c = fit ? readPixCase(fit.release) : null;
      if (c === null) throw new ServiceError('not_found', `release ${rel.version} has no Pix case (its parametros_pix were not fitted; the fit is npm run bench:pix)`);
      process.stdout.write(opts.json ? JSON.stringify(c, null, 2) + '\n' : describe(c));
    });
}
