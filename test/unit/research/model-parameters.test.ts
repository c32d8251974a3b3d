// Model-parameter values are checked against their one statement of type and range
// (src/contract/model-parameters.ts) before anything runs: in --param and sweep overrides, and in
// simulate's `parametros`. Every shipped default passes; garbage is the contract's 422 with a code
// and a field; a parameter that does not act in the family is refused; `params` lists them all.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkModelParameters, MODEL_PARAMETERS_SCHEMA, PARAMETER_FAMILIES } from '../../../src/contract/model-parameters.js';
import { validateScenario } from '../../../src/contract/validate-scenario.js';
import { ServiceError } from '../../../src/errors.js';
import { defaultParameters } from '../../../src/plan/default-parameters.js';
import { listReleases, openRelease } from '../../../src/release/release.js';
import { parameterTable } from '../../../src/research/parameter-table.js';
import { parseAssignments } from '../../../src/research/parameter-assignments.js';
import { applyOverrides } from '../../../src/research/scenario-overrides.js';
import { simulate } from '../../../src/simulate.js';
import { adoptionScenario, receptionScenario } from '../../fixtures/scenarios.js';
import { runCliCaptured } from '../../fixtures/run-cli.js';

const release = openRelease('v1.0.0');
const adocao = validateScenario(adoptionScenario());
const recepcao = validateScenario(receptionScenario());

/** The refusal `f` throws, as the contract's detail. */
function refusal(f: () => unknown): { code: string; contract_code?: string; field?: string; message: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof ServiceError) return e.detail() as never;
    throw e;
  }
  throw new Error('not refused');
}

describe('the parameter statement', () => {
  it('names every parameter once, with the families it acts in', () => {
    expect(Object.keys(PARAMETER_FAMILIES)).toEqual(Object.keys(MODEL_PARAMETERS_SCHEMA.properties as object));
  });

  it('passes every default of every release and family', () => {
    for (const versao of listReleases()) {
      for (const f of ['adocao', 'recepcao'] as const) {
        expect(() => checkModelParameters(defaultParameters(openRelease(versao).manifest, f)), `${versao} ${f}`).not.toThrow();
      }
    }
  });
});

describe('overrides (--param, sweep axes)', () => {
  const over = (list: string[], s = adocao) => () => applyOverrides(s, parseAssignments(list), release);

  it.each([
    ['beta0=abc', 'wrong_type', 'beta0', /beta0: "abc" is not a number/],
    ['beta0=NaN', 'wrong_type', 'beta0', /"NaN" is not a number/],
    ['beta0=null', 'wrong_type', 'beta0', /null is not a number/],
    ['pesos_canais.digital=-0.1', 'parameter_range', 'pesos_canais.digital', /-0\.1 is not a number >= 0/],
    ['amortecimento_saturacao=7', 'parameter_range', 'amortecimento_saturacao', /7 is not a number from 0 to 1/],
    ['deslocamento_porte.3=9', 'parameter_range', 'deslocamento_porte[3]', /from -5 to 5/],
    ['deslocamento_porte=[1,2]', 'wrong_type', 'deslocamento_porte', /is not 7 numbers from -5 to 5/],
    ['idade_minima_adocao=12', 'parameter_range', 'idade_minima_adocao', /a multiple of 5/],
    ['agrupamento=regiao', 'wrong_type', 'agrupamento', /"celula", or a list of regiao/],
    ['pesos_canais.radio=1', 'unknown_field', 'pesos_canais.radio', /is not one of the members of pesos_canais/],
  ])('refuses %s as %s at %s', (a, contract_code, field, message) => {
    const d = refusal(over([a]));
    expect(d).toMatchObject({ code: 'invalid_request', contract_code, field });
    expect(d.message).toMatch(message);
  });

  it('refuses a parameter that does not act in the family, and a name that is no parameter or field', () => {
    expect(refusal(over(['conversao_social=0.3']))).toMatchObject({ contract_code: 'parameter_not_allowed', field: 'conversao_social' });
    expect(refusal(over(['amortecimento_saturacao=0.5'], recepcao))).toMatchObject({ contract_code: 'parameter_not_allowed' });
    expect(refusal(over(['semente=3']))).toMatchObject({ contract_code: 'unknown_field', field: 'semente' });
    expect(refusal(over(['beta0']))).toMatchObject({ contract_code: 'wrong_type', field: '--param' });
  });

  it('takes values in range, and model-2 parameters on a release that leaves them out', () => {
    const o = applyOverrides(adocao, parseAssignments(['amortecimento_saturacao=1', 'pesos_canais.digital=0', 'impulso_lancamento=2', 'idade_minima_adocao=15']), release);
    expect(o.parametros).toMatchObject({ amortecimento_saturacao: 1, impulso_lancamento: 2, idade_minima_adocao: 15 });
    expect(o.parametros.pesos_canais).toEqual({ ...release.manifest.parametros_pix.pesos_canais, digital: 0 });
  });
});

describe('simulate(scenario, { parametros })', () => {
  it('refuses a value out of range before building anything, the field under parametros', async () => {
    await expect(simulate(adocao, { release, parametros: { beta0: Number.NaN } })).rejects.toMatchObject({ contractCode: 'wrong_type', field: 'parametros.beta0' });
    await expect(simulate(adocao, { release, parametros: { pesos_canais: { digital: -1 } as never } })).rejects.toMatchObject({
      contractCode: 'parameter_range', field: 'parametros.pesos_canais.digital',
    });
  });
});

describe('campaign-sim params', () => {
  it('lists each parameter with its default in the release, its range and meaning', async () => {
    const rows = parameterTable(openRelease('v1.9.0').manifest);
    expect(rows.find((r) => r.nome === 'amortecimento_saturacao')).toMatchObject({
      familias: ['adocao'], padrao: { adocao: openRelease('v1.9.0').manifest.parametros_pix.amortecimento_saturacao }, faixa: 'a number from 0 to 1',
    });
    const r = await runCliCaptured('params', '--release', 'v1.0.0', '--familia', 'recepcao');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^conversao_social {2}\(recepcao\)\n {2}default {2}recepcao 0\.5\n {2}range {4}a number >= 0\n {2}meaning /m);
    expect(r.out).not.toMatch(/^amortecimento_saturacao/m);
  });

  it('refuses --param beta0=abc with exit 2 on one line, before the engine runs', async () => {
    const r = await runCliCaptured('simulate', 'examples/adocao-rr.json', '--param', 'beta0=abc');
    expect(r.code).toBe(2);
    expect(r.err).toBe('campaign-sim: invalid_request: beta0: "abc" is not a number (campaign-sim params lists every parameter)\n');
  });

  it('checks a whole parameter\'s value before the scenario (so before the scenario schema and the releases load)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'params-')), 'sem-release.json');
    writeFileSync(file, JSON.stringify({ ...adocao, release: 'v9.9.9' }));
    for (const command of ['simulate', 'sweep']) {
      const r = await runCliCaptured(command, file, '--param', 'beta0=abc', ...(command === 'sweep' ? ['--grid', 'beta_expo=-1,0'] : []));
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^campaign-sim: invalid_request: beta0: "abc" is not a number/);
    }
    expect((await runCliCaptured('simulate', file, '--param', 'beta0=-6')).err).toMatch(/release_unavailable/);
  });
});
