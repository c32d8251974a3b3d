// `campaign-sim release margins` and populationMargins: the rows against counts made by hand on
// a five-person population, and the command's output on Roraima.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MarginSums, type MarginRow } from '../../../src/plan/population-margins.js';
import { BASE_CELLS, receptionCell } from '../../../src/models/recepcao/reception-profiles.js';
import { clearPopulationMemory } from '../../../src/population/population-store.js';
import { PERSON_ATTRS } from '../../../src/release/types.js';
import { runCliCaptured } from '../../fixtures/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'campaign-sim-margins-'));
afterAll(() => { clearPopulationMemory(); rmSync(dir, { recursive: true, force: true }); });

const { sexo, raca, escolaridade, renda, internet } = PERSON_ATTRS;
const attrs = (s: number, r: number, e: number, q: number, n: number) =>
  (s << sexo.shift) | (r << raca.shift) | (e << escolaridade.shift) | (q << renda.shift) | (n << internet.shift);

/** Household 0 in an urban tract: a girl of 10-14, a man of 40-44, a child of 5-9; household 1 rural: a woman of 70-74, a man of 25-29. */
const part = {
  age5: Uint8Array.from([2, 8, 1, 14, 5]),
  attrs: Uint16Array.from([attrs(1, 0, 0, 0, 1), attrs(0, 3, 2, 3, 1), attrs(1, 0, 0, 0, 0), attrs(1, 1, 0, 0, 0), attrs(0, 3, 3, 4, 1)]),
  hhStart: Uint32Array.from([0, 3, 5]),
  hhTract: Uint32Array.from([0, 1]),
  tractUrban: Uint8Array.from([1, 0]),
};

function row(rows: MarginRow[], eixo: string, segmento: string, medida: string): MarginRow {
  return rows.find((r) => r.eixo === eixo && r.segmento === segmento && r.medida === medida)!;
}

describe('population margins', () => {
  it('count persons 10+ and average each measure over them, as counted by hand', () => {
    // Daily TV 0.5 everywhere but 1 in the cell of the man of 25-29 (rural, superior, renda 4, internet user).
    const tv = new Float64Array(BASE_CELLS).fill(0.5);
    tv[receptionCell(5, part.attrs[4], false)] = 1;
    const zero = new Float64Array(BASE_CELLS);
    const sums = new MarginSums([tv, zero, zero]);
    sums.add(part, 1);
    const rows = sums.rows();
    expect(row(rows, 'total', 'total', 'internet')).toEqual({ eixo: 'total', segmento: 'total', pessoas: 4, medida: 'internet', valor: 3 / 4 });
    expect(row(rows, 'total', 'total', 'tv_diaria').valor).toBe((0.5 + 0.5 + 0.5 + 1) / 4);
    expect(row(rows, 'sexo', 'feminino', 'internet')).toMatchObject({ pessoas: 2, valor: 1 / 2 });
    expect(row(rows, 'situacao', 'urbana', 'internet')).toMatchObject({ pessoas: 2, valor: 1 });
    expect(row(rows, 'situacao', 'rural', 'tv_diaria')).toMatchObject({ pessoas: 2, valor: 0.75 });
    expect(row(rows, 'faixa_etaria_5', '1', 'internet')).toMatchObject({ pessoas: 0, valor: null });
    expect(row(rows, 'faixa_etaria_5', '14', 'internet')).toMatchObject({ pessoas: 1, valor: 0 });
    expect(row(rows, 'raca', 'parda', 'internet')).toMatchObject({ pessoas: 2, valor: 1 });
    expect(row(rows, 'escolaridade', 'fundamental_incompleto', 'internet')).toMatchObject({ pessoas: 2, valor: 1 / 2 });
    expect(row(rows, 'renda', '0', 'internet')).toMatchObject({ pessoas: 2, valor: 1 / 2 });
    expect(row(rows, 'regiao', 'Nordeste', 'radio_diaria')).toMatchObject({ pessoas: 4, valor: 0 });
    expect(row(rows, 'regiao', 'Norte', 'internet')).toMatchObject({ pessoas: 0, valor: null });
    // 1 + 17 + 2 + 5 + 4 + 5 + 5 + 2 segments, 4 measures each.
    expect(rows).toHaveLength(41 * 4);
  });

  it('prints the rows of a release over the listed UFs as JSON', async () => {
    process.env.CAMPAIGN_SIM_CACHE = dir;
    const r = await runCliCaptured('release', 'margins', '--release', 'v1.5.0', '--uf', 'RR', '--json');
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out) as MarginRow[];
    expect(Object.keys(rows[0])).toEqual(['eixo', 'segmento', 'pessoas', 'medida', 'valor']);
    // v1.5.0 keeps v1.4.0's persons: Roraima's 636,707 residents, 507,842 of them aged 10+, all in the North.
    expect(row(rows, 'total', 'total', 'internet').pessoas).toBe(507842);
    expect(row(rows, 'regiao', 'Norte', 'internet').pessoas).toBe(507842);
    const net = row(rows, 'escolaridade', 'superior_completo', 'internet').valor!;
    expect(net).toBeGreaterThan(row(rows, 'escolaridade', 'fundamental_incompleto', 'internet').valor!);
  });

  it('has help naming the axes and measures', async () => {
    const r = await runCliCaptured('release', 'margins', '--help');
    expect(r.out).toMatch(/faixa_etaria_5/);
    expect(r.out).toMatch(/tv_diaria, radio_diaria, internet_diaria/);
  });
});
