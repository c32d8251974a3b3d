import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectSeparator, locateSeriesError, parseSeriesCsv, readSeriesFile } from '../../../calibration/series-file.js';
import { checkSeries } from '../../../calibration/series.js';
import { ServiceError } from '../../../src/errors.js';
import { request, stubRelease } from './analytic.js';

const refusal = (f: () => unknown): ServiceError => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ServiceError);
    return e as ServiceError;
  }
  throw new Error('expected a refusal');
};

describe('series CSV', () => {
  it('reads numeric columns as numbers and codes as strings', () => {
    expect(parseSeriesCsv('periodo,municipio,sexo,valor\n202101,1400100,1,12.5\n')).toEqual({
      rows: [{ periodo: 202101, municipio: '1400100', sexo: 1, valor: 12.5 }],
      lines: [2],
    });
  });

  it('detects ; as the separator and reads a decimal comma there', () => {
    expect(detectSeparator('periodo;municipio;valor\n202101;1400100;1,5\n')).toBe(';');
    expect(detectSeparator('\n\nperiodo,municipio,valor\n')).toBe(',');
    const text = '\uFEFFperiodo;municipio;valor\r\n202101;1400100;12,5\r\n\r\n202102;"1400100";13\r\n';
    expect(parseSeriesCsv(text)).toEqual({
      rows: [{ periodo: 202101, municipio: '1400100', valor: 12.5 }, { periodo: 202102, municipio: '1400100', valor: 13 }],
      lines: [2, 4],
    });
    // With , as the separator a comma is a separator, never a decimal mark.
    expect(parseSeriesCsv('periodo,municipio,valor\n202101,1400100,"12,5"\n').rows[0].valor).toBe('12,5');
  });

  it('refuses a malformed CSV with the line number, in one line', () => {
    const short = refusal(() => parseSeriesCsv('periodo,municipio,valor\n202101,1400100,1\n202102,1400100\n', 'serie.csv'));
    expect(short.contractCode).toBe('series_row_malformed');
    expect(short.field).toBe('serie[1]');
    expect(short.message).toBe("serie.csv line 3: 2 cells where the header has 3 (separator ',')");
    const quote = refusal(() => parseSeriesCsv('periodo;municipio;valor\n202101;"1400100;1\n', 'serie.csv'));
    expect(quote.message).toMatch(/^serie\.csv line 2: Quote Not Closed/);
    expect(quote.message).not.toMatch(/\n/);
  });

  it('names the file line of a row the series check refuses', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'series-file-'));
    const path = join(dir, 'serie.csv');
    await writeFile(path, 'periodo;municipio;valor\n202101;1400100;10\n\n202112;1400100;dez\n');
    const file = await readSeriesFile(path);
    const e = refusal(() => {
      try {
        checkSeries(file.rows, request(), stubRelease());
      } catch (err) {
        throw locateSeriesError(err, path, file);
      }
    });
    expect(e.field).toBe('serie[1].valor');
    expect(e.message).toBe(`${path} line 4: valor must be a number`);
  });

  it('reads JSON rows or {serie: rows}, and refuses invalid JSON in one line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'series-file-'));
    const rows = [{ periodo: 202101, municipio: '1400100', valor: 1 }];
    await writeFile(join(dir, 'a.json'), JSON.stringify(rows));
    await writeFile(join(dir, 'b.json'), JSON.stringify({ serie: rows }));
    await writeFile(join(dir, 'c.json'), '[{"periodo": 202101,');
    expect(await readSeriesFile(join(dir, 'a.json'))).toEqual({ rows, lines: null });
    expect((await readSeriesFile(join(dir, 'b.json'))).rows).toEqual(rows);
    await expect(readSeriesFile(join(dir, 'c.json'))).rejects.toThrow(/c\.json: not valid JSON/);
  });
});
