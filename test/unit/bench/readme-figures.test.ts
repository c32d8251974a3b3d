// The figures the README and docs/architecture.md quote from committed bench results are the
// results' own: each is written here from the JSON file it comes from, so refreshing a result
// (BENCH_OUT=bench/results) without the text that quotes it, or the reverse, fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../../src/project-path.js';

const result = (file: string) => JSON.parse(readFileSync(projectPath('bench', 'results', file), 'utf8'));
const text = (file: string) => readFileSync(projectPath(file), 'utf8').replace(/\s+/g, ' ');
const millions = (x: number) => (x / 1e6).toFixed(1);
const count = (n: number) => n.toLocaleString('en-US');

const peers = result('peers.json');
const pkg = result('package-install.json');
const cli = result('cli-startup.json');

/** [document, the sentence it must hold, computed from the result]. */
const QUOTED: Array<[string, string]> = [
  ['README.md', `curve stays within ${peers.ingenuo.maior_diferenca_semanal_pp_contra_motor} pp of the engine's) ran at ${millions(peers.ingenuo.pessoa_dias_por_segundo)} M person-days/s against the engine's ${millions(peers.motor.pessoa_dias_por_segundo)} M, **${peers.razoes.motor_sobre_ingenuo_pessoa_dias_por_segundo} times slower**`],
  ['README.md', `at a load of ${peers.maquina.carga_1min_antes.toFixed(1)} on 2 cores: the ratio moves`],
  ['README.md', `misses the engine's curve by ${peers.bass.maior_diferenca_semanal_pp_contra_motor.toFixed(1)} pp`],
  ['README.md', `a Bass curve fitted to it by ${peers.bass.ajustada_ao_motor.maior_diferenca_semanal_pp_contra_motor} pp`],
  ['README.md', `\`campaign-sim --version\` ${cli.comandos.version.mediana_s} s and \`--help\` ${cli.comandos.help.mediana_s} s, \`validate\` ${cli.comandos.validate.mediana_s} s`],
  ['README.md', `--param beta0=abc\` ${cli.comandos.param_recusado.mediana_s} s against ${cli.comandos.param_recusado.comparado.mediana_s} s for the build before`],
  ['README.md', `(medians of ${cli.execucoes} runs, each run paired with the other build's, at a load of ${cli.maquina.carga_1min_antes.toFixed(1)} to ${cli.maquina.carga_1min_depois.toFixed(1)} on 2 cores`],
  ['README.md', `tarball ${millions(pkg.tarball_bytes)} MB, ${millions(pkg.desempacotado_bytes)} MB unpacked (${count(pkg.arquivos)} files); dependencies ${pkg.completa.pacotes} packages, ${millions(pkg.completa.dependencias_bytes)} MB (library only: ${pkg.so_biblioteca.pacotes} packages, ${millions(pkg.so_biblioteca.dependencias_bytes)} MB); installed \`--version\` ${pkg.cli_instalado.version.mediana_s} s median at a load of ${pkg.maquina.carga_1min.toFixed(1)}`],
  ['README.md', `(${pkg.so_biblioteca.pacotes} packages and ${Math.round(pkg.so_biblioteca.dependencias_bytes / 1e6)} MB of dependencies instead of ${pkg.completa.pacotes} and ${Math.round(pkg.completa.dependencias_bytes / 1e6)} MB)`],
  ['docs/architecture.md', `a default install puts ${pkg.completa.pacotes} packages and ${Math.round(pkg.completa.dependencias_bytes / 1e6)} MB of dependencies beside the package's own ${Math.round(pkg.desempacotado_bytes / 1e6)} MB; \`--omit=optional\` puts ${pkg.so_biblioteca.pacotes} packages and ${Math.round(pkg.so_biblioteca.dependencias_bytes / 1e6)} MB (the service's share is ${pkg.completa.pacotes - pkg.so_biblioteca.pacotes} packages and ${Math.round((pkg.completa.dependencias_bytes - pkg.so_biblioteca.dependencias_bytes) / 1e6)} MB)`],
  ['docs/architecture.md', `(${pkg.so_biblioteca.instalacao_s} s against ${pkg.completa.instalacao_s} s at a load of ${pkg.maquina.carga_1min.toFixed(1)} on 2 cores)`],
];

describe('figures quoted from bench/results/', () => {
  it.each(QUOTED)('%s quotes its result: %s', (doc, sentence) => {
    expect(text(doc)).toContain(sentence);
  });

  it('quotes results that say where they were measured', () => {
    for (const r of [peers, pkg, cli]) expect(r.registro).toMatchObject({ commit: expect.stringMatching(/^[0-9a-f]{40}$/), sujo: false, maquina: { cpus: expect.any(Number) } });
  });
});
