// `campaign-sim calibrate REQUEST.json SERIES.csv`: a small real calibration through the CLI
// (RR, 21 days, 3 grid candidates), refused series (exit code 2, one line with the contract code or
// the file line) and the README example request.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePool } from '../../src/pool/pool.js';
import { openRelease } from '../../src/release/release.js';
import { periodsBetween } from '../../calibration/periods.js';
import { readSeriesFile } from '../../calibration/series-file.js';
import { validateCalibrationRequest } from '../../calibration/validate-request.js';
import { quoteCalibration } from '../../calibration/quote.js';
import { runCliCaptured } from '../fixtures/run-cli.js';
import { calibrationPeriods, calibrationRequest } from '../fixtures/scenarios.js';

let dir: string;
const codes = openRelease('v1.0.0').municipalities('RR').map((m) => m.codigo);
const request = calibrationRequest({
  cenario: { horizonte: { data_inicio: '2021-01-01', dias: 21 }, grupo_comparacao: 'cli-calibracao' },
  ...calibrationPeriods('dia', [20210101, 20210114], [20210115, 20210121], 'novos'),
  parametros: { beta_expo: { min: -4, max: -3, passo: 0.5 } },
});

const run = (args: string[]) => runCliCaptured(...args);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'calibrate-cli-'));
  await writeFile(join(dir, 'pedido.json'), JSON.stringify(request));
  // 2% of each municipality's population per day: not this model's curve, so the verdict may go either way.
  const pops = new Map(openRelease('v1.0.0').municipalities('RR').map((m) => [m.codigo, m.populacao]));
  const lines = ['periodo,municipio,valor', ...codes.flatMap((c) => periodsBetween(20210101, 20210121, 'dia').map((p) => `${p},${c},${Math.round(pops.get(c)! * 0.02)}`))];
  await writeFile(join(dir, 'serie.csv'), lines.join('\n') + '\n');
  await writeFile(join(dir, 'ruim.csv'), 'periodo,municipio,valor\n20210101,3550308,10\n');
  await writeFile(join(dir, 'curta.csv'), `periodo;municipio;valor\n20210101;${codes[0]};10\n\n20210102;${codes[0]}\n`);
  await writeFile(join(dir, 'texto.csv'), `periodo;municipio;valor\n20210101;${codes[0]};10\n20210102;${codes[0]};dez\n`);
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

  it('refuses a malformed CSV in one line naming the file line (separator ; detected)', async () => {
    const short = await run(['calibrate', join(dir, 'pedido.json'), join(dir, 'curta.csv')]);
    expect(short.code).toBe(2);
    expect(short.err).toBe(`campaign-sim: invalid_request: ${join(dir, 'curta.csv')} line 4: 2 cells where the header has 3 (separator ';')\n`);
    const text = await run(['calibrate', join(dir, 'pedido.json'), join(dir, 'texto.csv')]);
    expect(text.code).toBe(2);
    expect(text.err).toBe(`campaign-sim: invalid_request: ${join(dir, 'texto.csv')} line 3: valor must be a number\n`);
  });

  it('the README example (examples/calibracao-rr*.json|csv) is a valid request of 27 rounds', async () => {
    const pedido = JSON.parse(await readFile('examples/calibracao-rr.json', 'utf8'));
    const { rows } = await readSeriesFile('examples/calibracao-rr-serie.csv');
    expect(rows).toHaveLength(15 * 6);
    expect(quoteCalibration(validateCalibrationRequest({ pedido, serie: rows, serie_sha256: null })).rodadas).toBe(20 + 2 * 3 + 1);
  });

  it('has --help', async () => {
    const r = await run(['calibrate', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/periodo \(YYYYMM or YYYYMMDD\)/);
  });
});
