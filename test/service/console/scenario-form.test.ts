// The "Nova simulação" form's GRP seam (scenario-of-form.ts intensityOf): a channel given in GRPs a
// week becomes the intensity the engine's convertGrp finds for the scenario's release, UFs and
// audience, so the plan the quote states (planGrp) buys the GRPs typed; a figure out of the
// channel's reach, malformed, or given where the release has no GRP table is refused under its field.
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../../library/fill-template.js';
import { formOfTemplate } from '../../../service/console/scenario-form.js';
import { offersGrp, scenarioOfForm } from '../../../service/console/scenario-of-form.js';
import { validateScenario } from '../../../src/contract/index.js';
import type { PlanGrp, Scenario } from '../../../src/contract/types.js';
import { ServiceError } from '../../../src/errors.js';
import { convertGrp, planGrp } from '../../../src/models/recepcao/plan-grp.js';
import { openRelease } from '../../../src/release/release.js';

const release = openRelease();
const filled = fillTemplate('vacinacao-adultos', { uf: ['RR'] }, release, new Date('2026-12-01T12:00:00Z'));
const base = filled.pedido!;
const form = formOfTemplate(filled, 'RR', []);
const withTv = (tv: Partial<typeof form.canais.tv>) => ({ ...form, canais: { ...form.canais, tv: { ...form.canais.tv, ...tv } } });
const tvOf = (s: Record<string, unknown>) => (s.canais as Array<{ canal: string; intensidade: number }>).find((c) => c.canal === 'tv')!;

/** The refusal of a form: its field and words. */
function refusal(f: typeof form, on: Scenario = base): { campo: unknown; message: string } {
  try {
    scenarioOfForm(f, on, true);
  } catch (err) {
    if (err instanceof ServiceError) return { campo: err.extra.campo, message: err.message };
    throw err;
  }
  throw new Error('not refused');
}

describe('the scenario form in GRPs', () => {
  it('is offered for a reception model on a release with a GRP table, not for an older release nor an adoption model', () => {
    expect(release.manifest.tabela_grp).toBeDefined();
    expect(offersGrp(base)).toBe(true);
    expect(offersGrp({ ...base, release: 'v1.9.0' })).toBe(false);
    const adocao = fillTemplate('conta-digital', { uf: ['RR'] }, release, new Date('2026-12-01T12:00:00Z')).pedido!;
    expect(offersGrp(adocao)).toBe(false);
  });

  it('turns GRPs a week into the intensity that buys them for the audience: the plan states the GRPs typed, as the intensity typed does', () => {
    const [{ intensidade }] = convertGrp({ release: base.release, ufs: ['RR'], publico: base.publico, grp_semana: { tv: 80 } });
    expect(intensidade).toBeGreaterThan(0);
    expect(intensidade).toBeLessThan(1);
    const inGrp = scenarioOfForm(withTv({ grp: '80' }), base, true);
    expect(tvOf(inGrp).intensidade).toBe(intensidade);
    // the equivalent intensity typed makes the same scenario
    expect(scenarioOfForm(withTv({ intensidade: String(intensidade) }), base, true)).toEqual(inGrp);
    const plano = planGrp(validateScenario(inGrp, release)) as PlanGrp;
    const tv = plano.periodos.find((p) => p.canal === 'tv')!;
    expect(tv.grp_semana).toBeCloseTo(80, 3);
    // "80,5" as typed in Brazil; the other channels keep their intensity
    expect(tvOf(scenarioOfForm(withTv({ grp: '80,5' }), base, true)).intensidade).toBeGreaterThan(intensidade);
    expect((inGrp.canais as Array<{ canal: string; intensidade: number }>).find((c) => c.canal === 'exterior')!.intensidade).toBe(0.4);
  });

  it('refuses GRPs out of the channel\'s reach, malformed, or on a release without a GRP table, under the channel\'s GRP field', () => {
    const [{ grp_semana_maximo: most }] = convertGrp({ release: base.release, ufs: ['RR'], publico: base.publico, intensidade: { tv: 1 } });
    const far = refusal(withTv({ grp: String(Math.ceil(most) + 1) }));
    expect(far.campo).toBe('tv_grp');
    expect(far.message).toBe(`Neste lugar e público, o canal TV chega a no máximo ${(Math.floor(most * 10) / 10).toLocaleString('pt-BR')} GRPs por semana `
      + `(com a intensidade mais forte, 1): escreva um número maior que 0 e até ${(Math.floor(most * 10) / 10).toLocaleString('pt-BR')}.`);
    // the bound said is one the form takes
    expect(tvOf(scenarioOfForm(withTv({ grp: String(Math.floor(most * 10) / 10) }), base, true)).intensidade).toBeLessThanOrEqual(1);
    for (const grp of ['0', 'cem', '-5']) expect(refusal(withTv({ grp }))).toEqual({ campo: 'tv_grp', message: 'Escreva os GRPs por semana como um número maior que 0, como 100.' });
    expect(refusal(withTv({ grp: '80' }), { ...base, release: 'v1.9.0' }).campo).toBe('tv_grp');
  });
});
