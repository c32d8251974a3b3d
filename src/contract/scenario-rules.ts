// Rules of the campaign scenario that a schema cannot state (spec "Campaign scenario": "between
// fields, ... the calendar, the electoral reading of free text"). They run on a document that
// already matches the schema, in the order of docs/contracts.md ("Order of refusals"): the
// first broken rule is the refusal. What a family requires, refuses and produces is its room's
// (src/models/, modelFor): this file applies it.

import { modelFor } from '../models/model-registry.js';
import type { UfCode } from '../release/types.js';
import { bandsOfAgeRange } from '../release/publication-grid.js';
import { firstBandOffMainGrid } from './age-bands.js';
import { hasElectoralContent } from './electoral-content.js';
import type { Refuser } from './refuser.js';
import { formatField, type Segment } from './schemas.js';
import type { Scenario } from './types.js';

/** IBGE code of each UF: the first two digits of its municipality codes. */
export const IBGE_UF: Record<string, UfCode> = {
  11: 'RO', 12: 'AC', 13: 'AM', 14: 'RR', 15: 'PA', 16: 'AP', 17: 'TO',
  21: 'MA', 22: 'PI', 23: 'CE', 24: 'RN', 25: 'PB', 26: 'PE', 27: 'AL', 28: 'SE', 29: 'BA',
  31: 'MG', 32: 'ES', 33: 'RJ', 35: 'SP', 41: 'PR', 42: 'SC', 43: 'RS', 50: 'MS', 51: 'MT', 52: 'GO', 53: 'DF',
};

/** UF of a 7-digit municipality code (by its IBGE prefix), or undefined. */
export function ufOfMunicipality(code: string): UfCode | undefined {
  return IBGE_UF[code.slice(0, 2)];
}

function checkGeography(s: Scenario, r: Refuser): void {
  const ufs = new Set<string>(s.geografia.ufs);
  const municipios = s.geografia.municipios ?? [];
  municipios.forEach((m, i) => {
    const uf = ufOfMunicipality(m);
    if (uf === undefined || !ufs.has(uf)) {
      throw r.error('municipality_outside_ufs', ['geografia', 'municipios', i], `municipality ${m} is not in the listed UFs (${s.geografia.ufs.join(', ')})`);
    }
  });
  const listed = new Set(municipios);
  (s.geografia.aps ?? []).forEach((ap, i) => {
    const mun = ap.slice(0, 7);
    // Without geografia.municipios, the listed municipalities are those of the listed UFs.
    const inside = municipios.length > 0 ? listed.has(mun) : ufs.has(ufOfMunicipality(mun) ?? '');
    if (!inside) {
      throw r.error('ap_outside_municipalities', ['geografia', 'aps', i], `weighting area ${ap} belongs to municipality ${mun}, which is not listed`);
    }
  });
}

function checkAges(s: Scenario, r: Refuser): void {
  const idades = s.publico?.idades ?? [];
  idades.forEach(([start, end], i) => {
    if (end !== null && end < start) {
      throw r.error('age_misaligned', ['publico', 'idades', i], `age band [${start}, ${end}] ends before it starts`);
    }
  });
  const owner = new Map<number, number>();
  idades.forEach((band, i) => {
    for (const c of bandsOfAgeRange(band)) {
      const j = owner.get(c);
      if (j !== undefined) {
        throw r.error('age_ranges_overlap', ['publico', 'idades', i], `age band ${i} overlaps age band ${j} (ages ${5 * c} to ${5 * c + 4})`);
      }
      owner.set(c, i);
    }
  });
}

/** Whether a scenario states a field of a family's rules: a non-empty canais, a mensagem or lancamento not null. */
function hasField(s: Scenario, campo: 'canais' | 'mensagem' | 'lancamento'): boolean {
  return campo === 'canais' ? (s.canais?.length ?? 0) > 0 : s[campo] !== undefined && s[campo] !== null;
}

/** The fields the scenario's family requires or refuses (its room's rules, in their order). */
export function checkFamilyFields(s: Scenario, r: Refuser): void {
  for (const rule of modelFor(s.familia).campos) {
    if (hasField(s, rule.campo) !== rule.exigido) throw r.error(rule.code, [rule.campo], rule.message);
  }
}

function checkChannels(s: Scenario, r: Refuser): void {
  const canais = s.canais ?? [];
  canais.forEach((p, i) => {
    if (p.dia_inicio > p.dia_fim) {
      throw r.error('channel_day_range', ['canais', i], `dia_inicio ${p.dia_inicio} is after dia_fim ${p.dia_fim}`);
    }
    if (p.dia_fim > s.horizonte.dias) {
      throw r.error('channel_beyond_horizon', ['canais', i, 'dia_fim'], `the period ends on day ${p.dia_fim}, after the horizon of ${s.horizonte.dias} days`);
    }
    for (let j = 0; j < i; j++) {
      const q = canais[j];
      if (q.canal === p.canal && p.dia_inicio <= q.dia_fim && q.dia_inicio <= p.dia_fim) {
        throw r.error('channel_periods_overlap', ['canais', i], `period ${i} of ${p.canal} overlaps period ${j} (days ${Math.max(p.dia_inicio, q.dia_inicio)} to ${Math.min(p.dia_fim, q.dia_fim)})`);
      }
    }
  });
}

function checkLaunch(s: Scenario, r: Refuser): void {
  if (s.lancamento && s.lancamento.dia > s.horizonte.dias) {
    throw r.error('launch_beyond_horizon', ['lancamento', 'dia'], `the launch on day ${s.lancamento.dia} falls after the horizon of ${s.horizonte.dias} days`);
  }
}

function checkKpis(s: Scenario, r: Refuser): void {
  const allowed = modelFor(s.familia).kpis;
  s.kpis.forEach((k, i) => {
    if (!allowed.includes(k)) {
      throw r.error('kpi_unknown', ['kpis', i], `${k} is not an indicator of familia ${s.familia} (${allowed.join(', ')})`);
    }
  });
}

/** target_finer_than_grid: 5-year bands only fit the etaria grid (municipality x 5-year band x sex). */
function checkGridFit(s: Scenario, r: Refuser): void {
  const band = firstBandOffMainGrid(s.publico?.idades);
  if (band < 0) return;
  const p = s.publico ?? {};
  const conflicts: Array<[readonly Segment[], boolean, string]> = [
    [['familia'], !modelFor(s.familia).gradeEtaria, `familia ${s.familia} publishes on the main grid only`],
    [['geografia', 'aps'], (s.geografia.aps?.length ?? 0) > 0, 'the 5-year grid is by municipality, not by weighting area'],
    [['publico', 'faixas_renda'], (p.faixas_renda?.length ?? 0) > 0, 'the 5-year grid has no income axis'],
    [['publico', 'niveis_instrucao'], (p.niveis_instrucao?.length ?? 0) > 0, 'the 5-year grid has no education axis'],
    [['publico', 'racas'], (p.racas?.length ?? 0) > 0, 'the 5-year grid has no colour or race axis'],
  ];
  for (const [field, broken, why] of conflicts) {
    if (broken) {
      throw r.error('target_finer_than_grid', field, `publico.idades[${band}] cuts the audience in 5-year bands and ${why}; use 10-year groups (0-9, ..., 50-59, 60+) or drop ${formatField(field)}`);
    }
  }
}

function checkText(s: Scenario, r: Refuser): void {
  const texts: Array<[readonly Segment[], string | undefined]> = [
    [['nome'], s.nome],
    [['descricao'], s.descricao],
    [['mensagem', 'template_ver'], s.mensagem?.template_ver],
    [['mensagem', 'politica'], s.mensagem?.politica],
  ];
  for (const [field, text] of texts) {
    if (text !== undefined && hasElectoralContent(text)) {
      throw r.error('electoral_content', field, `${formatField(field)} has electoral content; the service does not simulate electoral campaigns`);
    }
  }
}

/** The scenario's own rules, in contract order (schema-valid input). */
export function checkScenarioRules(s: Scenario, r: Refuser): void {
  checkGeography(s, r);
  checkAges(s, r);
  checkFamilyFields(s, r);
  checkChannels(s, r);
  checkLaunch(s, r);
  checkKpis(s, r);
  checkGridFit(s, r);
  checkText(s, r);
}
