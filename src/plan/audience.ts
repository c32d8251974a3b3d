// The audience (publico) as a per-person mask: media reach only these persons (DESIGN 4); the
// geography's municipios / aps, when listed, bound it too. Word of mouth ignores it.
import type { Publico, Scenario } from '../contract/types.js';
import { AGE_BANDS, NIVEIS_INSTRUCAO, PERSON_ATTRS, RACAS, SEXOS, personAttr, type Population } from '../release/types.js';
import { bandsOfAgeRange } from '../release/publication-grid.js';
import { sharedBuffer } from '../platform/shared-buffer.js';

/** Allowed 5-year bands (0..16) of an idades list; all when absent. */
export function ageBandMask(idades: Publico['idades']): boolean[] {
  const ok = new Array<boolean>(AGE_BANDS).fill(!idades || idades.length === 0);
  for (const range of idades ?? []) for (const b of bandsOfAgeRange(range)) ok[b] = true;
  return ok;
}

/** Tracts inside the scenario's geography (all tracts when it lists only UFs). */
export function targetTracts(scenario: Scenario, pop: Population): Uint8Array {
  const out = new Uint8Array(pop.nTracts);
  const { municipios, aps } = scenario.geografia;
  if (aps?.length) {
    const set = new Set(aps);
    for (let t = 0; t < pop.nTracts; t++) out[t] = pop.tractAp[t] >= 0 && set.has(pop.aps[pop.tractAp[t]]) ? 1 : 0;
  } else if (municipios?.length) {
    const set = new Set(municipios);
    for (let t = 0; t < pop.nTracts; t++) out[t] = set.has(pop.municipios[pop.tractMun[t]]) ? 1 : 0;
  } else {
    out.fill(1);
  }
  return out;
}

/** 1 for each person in the audience and the geography (SharedArrayBuffer-backed). */
export function audienceMask(scenario: Scenario, pop: Population): Uint8Array {
  const p = scenario.publico ?? {};
  const age = ageBandMask(p.idades);
  const sexo = p.sexos?.length ? p.sexos.map((s) => SEXOS.indexOf(s)) : null;
  const esc = p.niveis_instrucao?.length ? p.niveis_instrucao.map((s) => NIVEIS_INSTRUCAO.indexOf(s)) : null;
  const renda = p.faixas_renda?.length ? p.faixas_renda : null;
  const raca = p.racas?.length ? p.racas.map((s) => RACAS.indexOf(s)) : null;
  const inside = targetTracts(scenario, pop);
  const out = new Uint8Array(sharedBuffer(Math.max(1, pop.nPersons)), 0, pop.nPersons);
  for (let h = 0; h < pop.nHouseholds; h++) {
    if (!inside[pop.hhTract[h]]) continue;
    for (let i = pop.hhStart[h]; i < pop.hhStart[h + 1]; i++) {
      const at = pop.attrs[i];
      out[i] = age[pop.age5[i]] &&
        (!sexo || sexo.includes(personAttr(at, PERSON_ATTRS.sexo))) &&
        (!esc || esc.includes(personAttr(at, PERSON_ATTRS.escolaridade))) &&
        (!renda || renda.includes(personAttr(at, PERSON_ATTRS.renda))) &&
        (!raca || raca.includes(personAttr(at, PERSON_ATTRS.raca))) ? 1 : 0;
    }
  }
  return out;
}
