// The packed package installed into a fresh project by npm as a library user installs it
// (test/fixtures/packed-install.ts: the tarball with npm ci --offline from npm's cache, no network,
// and --omit=optional: without the service's packages), then used as a researcher would from
// outside the repository: the linked bin (npx examples show, simulate), and a TypeScript study importing
// the root and every subpath, type-checked against the installed types and run: findings, dated and
// named weekly rows, a CSV, a chart with bands and a sweep over two values as one table.
// Measures go to bench/package-install.ts; this test checks behaviour only.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-path.js';
import { installPackedTarball, type PackedInstall, STUDY, STUDY_TSCONFIG } from '../fixtures/packed-install.js';

let p: PackedInstall;
beforeAll(() => {
  p = installPackedTarball({ omitOptional: true });
}, 300_000);
afterAll(() => {
  if (p) rmSync(p.work, { recursive: true, force: true });
});

/** The bin npm linked into the project's node_modules/.bin (npx finds the same file; it costs a second of npm per call). */
function bin(...args: string[]): string {
  return execFileSync(join(p.project, 'node_modules', '.bin', 'campaign-sim'), args, { cwd: p.project, encoding: 'utf8', maxBuffer: 1 << 26, timeout: 120_000 });
}

/** How a command that must refuse failed (its exit status and stderr). */
function refusal(...args: string[]): { status: number; stderr: string } {
  try {
    bin(...args);
  } catch (e) {
    return e as { status: number; stderr: string };
  }
  throw new Error(`campaign-sim ${args.join(' ')} ran without the optional packages`);
}

describe('the packed tarball installed by npm into a fresh project', () => {
  it('is the repository\'s version, with the bin linked, and its examples simulate from the project', () => {
    expect(readFileSync(join(p.installed, 'package.json'), 'utf8')).toBe(readFileSync(projectPath('package.json'), 'utf8'));
    expect(statSync(join(p.project, 'node_modules', '.bin', 'campaign-sim')).isFile()).toBe(true);
    expect(bin('--version').trim()).toBe(JSON.parse(readFileSync(projectPath('package.json'), 'utf8')).version);
    const example = execFileSync('npx', ['--offline', '--no-install', 'campaign-sim', 'examples', 'show', 'adocao-rr'], { cwd: p.project, encoding: 'utf8' });
    writeFileSync(join(p.project, 'adocao-rr.json'), example);
    const s = JSON.parse(bin('simulate', 'adocao-rr.json', '--json', '--threads', '2', '--plan-only', '--replicas', '1', '--param', 'horizonte.dias=7'));
    expect(s.release).toBe(JSON.parse(example).release);
    expect(s.variantes.plano.medidas.adotantes).toBeGreaterThan(0);
  });

  it('has no service package, validates and quotes, and says on one line what serve is missing', () => {
    const optional = Object.keys(JSON.parse(readFileSync(projectPath('package.json'), 'utf8')).optionalDependencies);
    expect(optional.filter((d) => statSync(join(p.project, 'node_modules', d), { throwIfNoEntry: false }) !== undefined)).toEqual([]);
    expect(JSON.parse(bin('validate', projectPath('test/fixtures/contract/valid-recepcao.json'))).versao_contrato).toBe(3);
    expect(bin('quote', projectPath('test/fixtures/contract/valid-recepcao.json'))).toMatch(/\S/);
    const err = refusal('serve');
    expect(err.status).toBe(1);
    expect(err.stderr.trim().split('\n')).toHaveLength(1);
    expect(err.stderr).toMatch(/needs the service's dependencies \((fastify|@[a-z-]+\/[a-z-]+|[a-z-]+) is missing/);
  });

  it('draws an SVG and says on one line that a PNG needs the optional renderer (exit 2)', () => {
    const csv = projectPath('test/baselines/weekly-rows-small.csv');
    expect(bin('plot', csv)).toMatch(/^<svg /);
    const png = refusal('plot', csv, '-o', join(p.work, 'curvas.png'));
    expect(png.status).toBe(2);
    expect(png.stderr).toMatch(/^campaign-sim: invalid_request: a PNG needs the optional package @resvg\/resvg-js, which is not installed \(npm install --omit=optional leaves it out\).*\n$/);
  });

  it('type-checks and runs a study importing the root and every subpath', () => {
    writeFileSync(join(p.project, 'recepcao-rr.json'), bin('examples', 'show', 'recepcao-rr'));
    writeFileSync(join(p.project, 'study.ts'), STUDY);
    writeFileSync(join(p.project, 'tsconfig.json'), JSON.stringify(STUDY_TSCONFIG));
    // the compiler is this repository's (a user brings their own); types resolve in the project
    execFileSync(process.execPath, [projectPath('node_modules', 'typescript', 'bin', 'tsc'), '-p', p.project], { cwd: p.project, encoding: 'utf8' });
    const study = JSON.parse(execFileSync(process.execPath, [join(p.project, 'out', 'study.js')], { cwd: p.project, encoding: 'utf8' }));
    expect(study.saturacao).toBeGreaterThan(0);
    expect(study.datas).toEqual(['2026-02-08', '2026-02-15']);
    expect(study.nomeados).toBe(true);
    expect(study.subpaths).toEqual({ calibration: true, library: true, internals: true });
    expect(study.sweep).toEqual([['-7', 'plano', 'adotantes'], ['-6', 'plano', 'adotantes']]);
    const csv = readFileSync(join(p.project, 'semanas.csv'), 'utf8');
    expect(csv.split('\n')[0]).toBe('data,municipio,municipio_nome,uf,area_ponderacao,variante,replica,semana,medida,valor,publicavel');
    expect(readFileSync(join(p.project, 'semanas.svg'), 'utf8')).toMatch(/class="banda"/);
  });
});
