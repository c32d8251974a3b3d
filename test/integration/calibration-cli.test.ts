// `campaign-sim calibrate REQUEST.json SERIES.csv`: a small real calibration through the CLI
// (RR, 21 days, 3 grid candidates) and a refused series (exit code 2 with the contract code).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { closePool } from '../../src/pool/pool.js';
import { openRelease } from '../../src/release/release.js';
import { periodsBetween } from '../../calibration/periods.js';

let dir: string;
const codes = openRelease('v1.0.0').municipalities('RR').map((m) => m.codigo);
const request = {
  versao_contrato: 3,
  cenario: {
    versao_contrato: 3, release: 'v1.0.0', familia: 'adocao', geografia: { ufs: ['RR'] },
    lancamento: { dia: 1, cenario_base: 'pix' }, horizonte: { data_inicio: '2021-01-01', dias: 21 },
    replicas: 1, grupo_comparacao: 'cli-calibracao', kpis: ['adotantes'],
  },
  serie: { declaracao: { versao_contrato: 1, granularidade: 'dia', medida: 'novos' } },
  janela: { inicio: 20210101, fim: 20210114 },
  holdout: { inicio: 20210115, fim: 20210121 },
  parametros: { beta_expo: { min: -4, max: -3, passo: 0.5 } },
  busca: { metodo: 'grade', replicas: 1 },
};

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => { out += String(s); return true; });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => { err += String(s); return true; });
  try {
    const code = await runCli(['node', 'campaign-sim', ...args]);
    return { code, out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'calibrate-cli-'));
  await writeFile(join(dir, 'pedido.json'), JSON.stringify(request));
  // 2% of each municipality's population per day: not this model's curve, so the verdict may go either way.
  const pops = new Map(openRelease('v1.0.0').municipalities('RR').map((m) => [m.codigo, m.populacao]));
  const lines = ['periodo,municipio,valor', ...codes.flatMap((c) => periodsBetween(20210101, 20210121, 'dia').map((p) => `${p},${c},${Math.round(pops.get(c)! * 0.02)}`))];
  await writeFile(join(dir, 'serie.csv'), lines.join('\n') + '\n');
  await writeFile(join(dir, 'ruim.csv'), 'periodo,municipio,valor\n20210101,3550308,10\n');
});

afterAll(async () => {
  await closePool();
});

describe('campaign-sim calibrate', () => {
  it('runs the quoted rounds and prints the result as JSON', async () => {
    const out = join(dir, 'resultado.json');
    const r = await run(['calibrate', join(dir, 'pedido.json'), join(dir, 'serie.csv'), '--json', '--threads', '2', '-o', out]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out);
    expect(result.rodadas).toBe(3 + 2 + 1);
    expect(result.busca).toMatchObject({ metodo: 'grade', avaliados: 3 });
    expect(['aprovada', 'reprovada']).toContain(result.veredito.resultado);
    expect(result.serie_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(await readFile(out, 'utf8'))).toEqual(result);
  });

  it('refuses a series row with an unknown municipality (exit 2, contract code on stderr)', async () => {
    const r = await run(['calibrate', join(dir, 'pedido.json'), join(dir, 'ruim.csv')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/invalid_request/);
    expect(r.err).toMatch(/3550308/);
  });

  it('has --help', async () => {
    const r = await run(['calibrate', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/periodo \(YYYYMM or YYYYMMDD\)/);
  });
});
