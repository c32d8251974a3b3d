// A file named on the command line that is missing, unreadable or not JSON: one line on stderr
// naming it, exit 2, never a stack trace; in every command that reads one.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../fixtures/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'cli-input-'));
const notJson = join(dir, 'nao.json');
writeFileSync(notJson, '{"versao_contrato": 3,');
const csv = join(dir, 'serie.csv');
writeFileSync(csv, 'periodo;municipio;valor\n202012;1400100;10\n');

afterEach(() => { process.exitCode = undefined; });

function expectOneLine(r: { code: number; err: string }, pattern: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.err).toMatch(pattern);
  expect(r.err.trimEnd().split('\n')).toHaveLength(1);
  expect(r.err).not.toMatch(/\n\s+at /);
}

describe('CLI input files', () => {
  it.each([
    ['validate', ['validate', 'nope.json']],
    ['quote', ['quote', 'nope.json']],
    ['simulate', ['simulate', 'nope.json']],
    ['calibrate (request)', ['calibrate', 'pedido.json', 'serie.csv']],
    ['plot', ['plot', 'nope.csv']],
  ])('%s: a missing file', async (_, args) => {
    expectOneLine(await runCliCaptured(...args), new RegExp(`^campaign-sim: cannot read ${args[1].replace('.', '\\.')}: no such file\\n$`));
  });

  it('calibrate: a missing series file', async () => {
    const request = join(dir, 'pedido.json');
    writeFileSync(request, '{}');
    expectOneLine(await runCliCaptured('calibrate', request, join(dir, 'nope.csv')), /cannot read .*nope\.csv: no such file/);
  });

  it('a directory is not a readable file', async () => {
    expectOneLine(await runCliCaptured('simulate', dir), /cannot read .*: it is a directory/);
  });

  it.each([
    ['simulate', ['simulate', notJson]],
    ['calibrate', ['calibrate', notJson, csv]],
  ])('%s: a file that is not JSON', async (_, args) => {
    expectOneLine(await runCliCaptured(...args), /nao\.json is not JSON: /);
  });

  it('plot: a CSV that simulate --csv did not write', async () => {
    expectOneLine(await runCliCaptured('plot', csv), /serie\.csv: the first line must be variante,replica,municipio,semana,medida,valor/);
  });
});
