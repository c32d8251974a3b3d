// The pure part of the city diagnosis: summary and per-variable lists at a release, the tract
// error measured against Boa Vista's 2022 tracts and hidden above the cutoff, schools where the
// catalogue covers the city, and the spec's errors.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/errors.js';
import { diagnosisSummary, diagnosisVariable, type DiagnosisCounts, type DiagnosisSchools } from '../../../src/context/city-diagnosis.js';
import { cutoffRow, relativeTractError } from '../../../src/tracts/synthetic-tract-rows.js';
import { CORTE_ERRO } from '../../../src/findings/tract-events.js';
import { listReleases, newestRelease } from '../../../src/release/release.js';

const BOA_VISTA = '1400100';
const NEWEST = newestRelease();

async function refusal(f: () => Promise<unknown>): Promise<{ status: number; code: string }> {
  try { await f(); } catch (e) {
    if (e instanceof ServiceError) return { status: e.status, code: e.code };
    throw e;
  }
  throw new Error('no refusal');
}

describe('tract error and the cutoff', () => {
  it('is |n - o| / o, unbounded (null) when nothing was observed, and hides n and erro above 0.50', () => {
    expect(relativeTractError(120, 100)).toBeCloseTo(0.2);
    expect(relativeTractError(0, 0)).toBe(0);
    expect(relativeTractError(3, 0)).toBeNull();
    expect(cutoffRow('x', 150, 100)).toEqual({ setor: 'x', n: 150, erro: 0.5, motivo: null });
    expect(cutoffRow('x', 151, 100)).toEqual({ setor: 'x', n: null, erro: null, motivo: 'erro_acima_do_corte' });
    expect(cutoffRow('x', 3, 0)).toEqual({ setor: 'x', n: null, erro: null, motivo: 'erro_acima_do_corte' });
  });
});

describe('Boa Vista', () => {
  it('summary: variables with their observed tables and how many modelled numbers pass the cutoff', async () => {
    const s = await diagnosisSummary(BOA_VISTA, NEWEST);
    expect(s).toMatchObject({ municipio: BOA_VISTA, release: NEWEST, release_mais_nova: NEWEST, corte_erro: CORTE_ERRO });
    expect(s.variaveis.map((v) => v.variavel)).toEqual(['residentes', 'domicilios', 'criancas_0_14', 'idosos_60_mais', 'escolas']);
    const residentes = s.variaveis[0];
    expect(residentes.observados).toEqual([
      { malha: 'ibge_2022', ano: 2022, setores: 528, com_valor: 506 },
      { malha: 'ibge_2010', ano: 2010, setores: expect.any(Number), com_valor: expect.any(Number) },
    ]);
    const sint = residentes.sinteticos!;
    expect(sint.setores).toBe(s.setores);
    expect(sint.publicados).toBeGreaterThan(0);
    expect(sint.publicados + Object.values(sint.motivos).reduce((a, b) => a + b, 0)).toBe(sint.setores);
    // No 2022 tract households in this data version: not measured, all hidden.
    expect(s.variaveis[1].sinteticos).toMatchObject({ publicados: 0 });
    expect(s.variaveis[4]).toMatchObject({ disponivel: false, motivo: expect.stringMatching(/São Paulo/) });
  });

  it('a count variable: observed values, synthetic rows with a measured error at most the cutoff or null with the reason', async () => {
    const v = (await diagnosisVariable(BOA_VISTA, NEWEST, 'criancas_0_14')) as DiagnosisCounts;
    expect(v.observados[0].setores.filter((s) => s.valor === null).every((s) => s.motivo === 'suprimido_pelo_ibge')).toBe(true);
    for (const r of v.sinteticos.linhas) {
      if (r.n === null) {
        expect(r.erro).toBeNull();
        expect(['erro_acima_do_corte', 'erro_nao_medido', 'sem_populacao_sintetica']).toContain(r.motivo);
      } else {
        expect(r.motivo).toBeNull();
        expect(r.erro).toBeLessThanOrEqual(CORTE_ERRO);
      }
    }
    expect(v.sinteticos.publicados).toBe(v.sinteticos.linhas.filter((r) => r.n !== null).length);
  });

  it('schools are withheld with the reason outside São Paulo city', async () => {
    const e = (await diagnosisVariable(BOA_VISTA, NEWEST, 'escolas')) as DiagnosisSchools;
    expect(e).toMatchObject({ disponivel: false, setores: [], parte_com_coordenadas: null });
    expect(e.motivo).toMatch(/São Paulo/);
  });

  it('reads at the release it is given (an older one too) and names the newest', async () => {
    const older = listReleases()[0];
    const v = (await diagnosisVariable(BOA_VISTA, older, 'residentes')) as DiagnosisCounts;
    expect(v.release).toBe(older);
    expect(v.release_mais_nova).toBe(NEWEST);
  });
});

describe('outside the observed coverage', () => {
  it('a municipality outside Roraima: no observed table, every modelled number not measured', async () => {
    const v = (await diagnosisVariable('1100015', NEWEST, 'residentes')) as DiagnosisCounts;
    expect(v.observados).toEqual([]);
    expect(v.sinteticos.publicados).toBe(0);
    expect(v.sinteticos.linhas.every((r) => r.n === null && r.motivo === 'erro_nao_medido')).toBe(true);
  });

  it('São Paulo city has schools: distance to the nearest of each stage, registry code, share with coordinates', async () => {
    const e = (await diagnosisVariable('3550308', NEWEST, 'escolas')) as DiagnosisSchools;
    expect(e.disponivel).toBe(true);
    expect(e.parte_com_coordenadas).toBeCloseTo(6202 / 7856, 2);
    const first = e.setores[0];
    expect(first.ensino_fundamental).toMatchObject({ codigo_inep: expect.stringMatching(/^\d{8}$/), distancia_m: expect.any(Number) });
  }, 30000);
});

describe('errors', () => {
  it('422 unknown_variable naming the variables', async () => {
    expect(await refusal(() => diagnosisVariable(BOA_VISTA, NEWEST, 'renda'))).toEqual({ status: 422, code: 'unknown_variable' });
    expect(await refusal(() => diagnosisVariable(BOA_VISTA, NEWEST, 'toString'))).toEqual({ status: 422, code: 'unknown_variable' });
  });

  it('404 municipality_unknown and 422 release_unavailable', async () => {
    expect(await refusal(() => diagnosisSummary('1234567', NEWEST))).toEqual({ status: 404, code: 'municipality_unknown' });
    expect(await refusal(() => diagnosisVariable('1234567', NEWEST, 'residentes'))).toEqual({ status: 404, code: 'municipality_unknown' });
    expect(await refusal(() => diagnosisSummary(BOA_VISTA, 'v9.9.9'))).toEqual({ status: 422, code: 'release_unavailable' });
  });
});
