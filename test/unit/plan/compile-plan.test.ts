// compilePlan: variants and their channel multipliers, daily intensities, audience mask,
// parameters from the release with overrides, units, territories and the memory refusal.
import { describe, expect, it } from 'vitest';
import { ABI } from '../../../src/kernel/abi.js';
import { prepareKernelPopulation } from '../../../src/kernel/kernel-population.js';
import { kernelBytes } from '../../../src/kernel/layout.js';
import { compilePlan, compilePlanFor } from '../../../src/plan/compile-plan.js';
import { RECEPCAO } from '../../../src/models/recepcao/index.js';
import { gridCellCount } from '../../../src/release/publication-grid.js';
import { PERSON_ATTRS, personAttr, UF_CODES, type Release } from '../../../src/release/types.js';
import { INCOME_QUINTILES } from '../../../src/kernel/kernel-plan.js';
import { ServiceError } from '../../../src/errors.js';
import { buildFixturePopulation } from '../../fixtures/population-fixture.js';
import { adoptionScenario, parameters, receptionScenario } from '../../fixtures/scenarios.js';

const pop = buildFixturePopulation({ persons: 5_000, municipios: 3, tractsPerMunicipality: 4 });

describe('compilePlan', () => {
  it('makes plano, sem_<c> and menos10_<c> per channel with their multipliers, and one variant for one channel', () => {
    const p = compilePlanFor(receptionScenario(), pop, parameters());
    expect(p.canais).toEqual(['tv', 'digital', 'radio', 'exterior']);
    expect(p.variantes).toHaveLength(9);
    expect(p.variantes.find((v) => v.nome === 'sem_digital')!.escala).toEqual([1, 0, 1, 1]);
    expect(p.variantes.find((v) => v.nome === 'menos10_exterior')!.escala).toEqual([1, 1, 1, 0.9]);
    const one = compilePlanFor(receptionScenario({ canais: [{ canal: 'tv', dia_inicio: 2, dia_fim: 3, intensidade: 0.5 }] }), pop, parameters());
    expect(one.variantes.map((v) => v.nome)).toEqual(['plano']);
    // daily intensity: [canal][dia 0..dias]
    const row = Array.from(one.kernel.intensidade.subarray(0, 6));
    expect(row).toEqual([0, 0, 0.5, 0.5, 0, 0]);
    expect(one.kernel.params.firstDay).toBe(2);
    expect(one.pessoaDias).toBe(pop.nPersons * 42 * 1 * 2);
  });

  it('masks the audience per person and bounds it by the listed municipalities', () => {
    const sc = receptionScenario({ publico: { sexos: ['feminino'], idades: [[20, 29]] }, geografia: { ufs: ['RR'], municipios: [pop.municipios[1]] } });
    const p = compilePlanFor(sc, pop, parameters());
    let expected = 0;
    for (let h = 0; h < pop.nHouseholds; h++) {
      for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
        const inside = pop.tractMun[pop.hhTract[h]] === 1 && ((pop.attrs[i] >> PERSON_ATTRS.sexo.shift) & 1) === 1 && (pop.age5[i] === 4 || pop.age5[i] === 5);
        expect(p.reduce.publico[i]).toBe(inside ? 1 : 0);
        expect(p.kernel.cell![i] & 1).toBe(inside ? 1 : 0);
        expected += inside ? 1 : 0;
      }
    }
    expect(expected).toBeGreaterThan(20);
    expect(p.unidades.unidades).toEqual([pop.municipios[1]]);
    expect(p.grade).toBe('principal');
    expect(compilePlanFor(receptionScenario({ publico: { idades: [[20, 24]] } }), pop, parameters()).grade).toBe('etaria');
  });

  it('takes the release parameters (cenario_base pix) with overrides, and needs every parameter on a bare population', async () => {
    const manifest = { parametros_pix: parameters({ beta0: Math.log(0.002) }), parametros_recepcao: parameters({ beta0: Math.log(0.3) }) };
    const release = { manifest, population: async () => pop } as unknown as Release;
    const p = await compilePlan(adoptionScenario(), release, { parametros: { beta_expo: Math.log(0.5), pesos_canais: { domicilio: 2 } as never } });
    expect(p.kernel.params.e0).toBeCloseTo(0.002, 12);
    expect(p.kernel.params.expo).toBeCloseTo(0.5, 12);
    expect(p.kernel.params.wHh).toBe(2);
    expect(p.kernel.params.wTurma).toBe(0.5);
    expect(p.kernel.params.elogit).toBeCloseTo(Math.exp(-4), 12);
    // A reception scenario starts from the release's reception defaults, not the adoption fit.
    expect((await compilePlan(receptionScenario(), release)).kernel.params.e0).toBeCloseTo(0.3, 12);
    await expect(compilePlan(adoptionScenario(), pop, { parametros: { beta0: 0 } })).rejects.toThrow(/missing/);
    await expect(compilePlan(adoptionScenario({ lancamento: { dia: 1, cenario_base: 'calibracao', calibracao: '00000000-0000-4000-8000-000000000000' } }), release)).rejects.toThrow(/calibracao/);
  });

  it('m_i is 1 with gamma_celulas 0, and spreads around 1 with gamma > 0 and level shifts by porte', () => {
    const flat = compilePlanFor(adoptionScenario(), pop, parameters({ gamma_celulas: 0 }));
    expect(Array.from(new Set(flat.kernel.mult!))).toEqual([1]);
    const spread = compilePlanFor(adoptionScenario(), pop, parameters({ gamma_celulas: 0.5, agrupamento: ['renda'] }));
    const values = new Set(spread.kernel.mult!);
    expect(values.size).toBe(5); // one per income bracket
    const shifted = compilePlanFor(adoptionScenario(), pop, parameters({ gamma_celulas: 0, deslocamento_porte: [1, 0, 0, 0, 0, 0, 0] }));
    expect(shifted.kernel.mult![0]).toBeCloseTo(Math.E, 5); // fixture municipalities are porte 0
  });

  it('compiles question territories: municipios, setores and ponto with raio_m', () => {
    const t = pop.tractCodes;
    const sc = adoptionScenario({
      saida_por_setor: true,
      contrato_de_resposta: {
        versao: 1,
        perguntas: [
          { id: 'm', forma: 'quantos', medida: 'adocao', territorio: { municipios: [pop.municipios[2]] }, semana: 1 },
          { id: 's', forma: 'onde', medida: 'adotantes', territorio: { setores: [t[1], t[5]] }, semana: 1, ordem: 'maior' },
          { id: 'p', forma: 'quando', medida: 'adotantes', territorio: { ponto: [pop.tractLon[0], pop.tractLat[0]], raio_m: 2000 }, parte: 0.5 },
        ],
      },
    });
    const p = compilePlanFor(sc, pop, parameters());
    const [m, s, pt] = p.perguntas;
    expect(m.territorio.unidades).toEqual([pop.municipios[2]]);
    expect(Array.from(m.territorio.daSetor).filter((x) => x === 0)).toHaveLength(4);
    expect(s.territorio.daSetor[1]).toBe(0);
    expect(s.territorio.daSetor[5]).toBe(1);
    // tract 1 is 0.01 degrees north and west (~1.6 km) of tract 0, tract 2 twice that
    expect(Array.from(pt.territorio.daSetor.subarray(0, 3))).toEqual([0, 0, -1]);
    expect(p.setores!.unidades).toEqual(t);
    expect(() => compilePlanFor(receptionScenario({ contrato_de_resposta: { versao: 1, perguntas: [{ id: 'x', forma: 'quantos', medida: 'adotantes', territorio: { municipios: [pop.municipios[0]] }, semana: 1 }] } }), pop, parameters()))
      .toThrow(ServiceError);
  });

  it('states the kernel memory of one task', () => {
    const p = compilePlanFor(receptionScenario(), pop, parameters());
    const shape = { familia: 'recepcao', arrays: RECEPCAO.kernel, nChannels: 4, nCells: p.kernel.nCells, dias: 42, nMeasures: RECEPCAO.medidas.length, nGridCells: gridCellCount(p.grade) } as const;
    expect(p.bytesPorTarefa).toBe(kernelBytes(prepareKernelPopulation(pop), shape));
    expect(ABI.SLOTS).toBeGreaterThan(ABI.AGENT_BASE);
  });

  it('gives each person a launch timing class (UF x income quintile) and each class its factor only when a timing slope is set', () => {
    const adocao = adoptionScenario();
    expect(compilePlanFor(adocao, pop, parameters()).kernel.classe).toBeUndefined();
    expect(compilePlanFor(adocao, pop, parameters({ inclinacao_renda_uf_lancamento: 0, inclinacao_renda_lancamento: 0 })).kernel.fatorClasse).toBeUndefined();
    const k = compilePlanFor(adocao, pop, parameters({ inclinacao_renda_uf_lancamento: 0.5, inclinacao_renda_lancamento: 0.2 })).kernel;
    const rr = UF_CODES.indexOf('RR'), ma = UF_CODES.indexOf('MA'), df = UF_CODES.indexOf('DF');
    for (let i = 0; i < pop.nPersons; i += 97) expect(k.classe![i]).toBe(rr * INCOME_QUINTILES + personAttr(pop.attrs[i], PERSON_ATTRS.renda));
    // (rdpc_UF / rdpc_BR)^0.5 x exp(0.2 (q - 2)), rdpc of 2023: RR 1,425, MA 945, DF 3,357, Brazil 1,893 R$ a month
    expect(k.fatorClasse![rr * INCOME_QUINTILES + 2]).toBeCloseTo(Math.sqrt(1425 / 1893), 12);
    expect(k.fatorClasse![ma * INCOME_QUINTILES + 4]).toBeCloseTo(Math.sqrt(945 / 1893) * Math.exp(0.4), 12);
    expect(k.fatorClasse![df * INCOME_QUINTILES]).toBeCloseTo(Math.sqrt(3357 / 1893) * Math.exp(-0.4), 12);
    // the timing by income alone: the same factors in every UF
    const renda = compilePlanFor(adocao, pop, parameters({ inclinacao_renda_lancamento: 0.2 })).kernel.fatorClasse!;
    expect(renda[ma * INCOME_QUINTILES + 4]).toBe(Math.exp(0.2 * 2));
    expect(renda[df * INCOME_QUINTILES + 4]).toBe(Math.exp(0.2 * 2));
    // reception never reads them
    expect(compilePlanFor(receptionScenario(), pop, parameters({ inclinacao_renda_uf_lancamento: 0.5 })).kernel.classe).toBeUndefined();
  });
});
