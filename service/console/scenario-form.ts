// The scenario form, one component for the console's "Nova simulação" (views/nova-simulacao.eta,
// console-new-simulation-routes.ts) and the playground's page (service/playground/static/page.js,
// bundled for the browser): its fields are the partial views/campos-cenario.eta, rendered by both;
// this file holds the form's values (a template's, as typed, as a query) and its fields' names,
// and scenario-of-form.ts maps the form to a scenario, in both. This file reads no engine module,
// so the playground's page loads it before the engine's files (scenario-of-form.ts reads them). A
// library template filled for a place (library/fill-template.ts, GET /v1/biblioteca/{modelo}) becomes
// a form of what a planner changes (name, municipalities, each channel's days and intensity or GRPs,
// the horizon, the replicas). The form's values travel as text (a GET's query, a POST's body) and
// come back as typed. A contract refusal is said in Portuguese under the field it names
// (contractFieldOf, contract-refusal-words.ts).
import type { FilledTemplate } from '../../library/fill-template.js';
import { CANAIS } from '../../src/contract/scenario-schema.js';
import type { Canal, Scenario } from '../../src/contract/types.js';

/** A channel's fields as typed (`grp`, the GRPs a week, empty unless typed: when typed it replaces the intensity). */
export interface ChannelFields { usar: boolean; inicio: string; fim: string; intensidade: string; grp: string }

/** The form as typed (every value a string, as the page refills it). */
export interface ScenarioForm {
  modelo: string;
  uf: string;
  /** The municipalities ticked (none: the whole UF). */
  municipio: string[];
  nome: string;
  canais: Record<Canal, ChannelFields>;
  dias: string;
  replicas: string;
}

type Text = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] ?? '' : v ?? '').trim();
const many = (v: string | string[] | undefined) => [v ?? []].flat().map((x) => x.trim()).filter((x) => x !== '');

const decimalText = (n: number) => String(n).replace('.', ',');

/** The template's values for the place: its channels ticked, the others offered over the horizon at a middle intensity. */
export function formOfTemplate(t: FilledTemplate, uf: string, municipio: string[]): ScenarioForm {
  return formOfScenario(t.id, t.pedido!, uf, municipio, t.nome);
}

/** A scenario's values in the form (of template `modelo`; `nome`, the name when the scenario has none). */
export function formOfScenario(modelo: string, p: Scenario, uf: string, municipio: string[], nome = ''): ScenarioForm {
  const canais = Object.fromEntries(CANAIS.map((c) => {
    const own = p.canais?.find((x) => x.canal === c);
    return [c, own
      ? { usar: true, inicio: String(own.dia_inicio), fim: String(own.dia_fim), intensidade: decimalText(own.intensidade), grp: '' }
      : { usar: false, inicio: '1', fim: String(p.horizonte.dias), intensidade: '0,5', grp: '' }];
  })) as Record<Canal, ChannelFields>;
  return { modelo, uf, municipio, nome: p.nome ?? nome, canais, dias: String(p.horizonte.dias), replicas: String(p.replicas) };
}

/** The form from a query or a body (the names the page's fields carry). */
export function formOfText(f: Text): ScenarioForm {
  const canais = Object.fromEntries(CANAIS.map((c) => [c, {
    usar: one(f[`canal_${c}`]) !== '', inicio: one(f[`${c}_inicio`]), fim: one(f[`${c}_fim`]), intensidade: one(f[`${c}_intensidade`]),
    grp: one(f[`${c}_grp`]),
  }])) as Record<Canal, ChannelFields>;
  return { modelo: one(f.modelo), uf: one(f.uf), municipio: many(f.municipio), nome: one(f.nome), canais, dias: one(f.dias), replicas: one(f.replicas) };
}

/** The form as a query string (a refused submission goes back to the form with what was typed). */
export function formQuery(form: ScenarioForm): string {
  const q = new URLSearchParams({ modelo: form.modelo, uf: form.uf, nome: form.nome, dias: form.dias, replicas: form.replicas });
  for (const m of form.municipio) q.append('municipio', m);
  for (const c of CANAIS) {
    const x = form.canais[c];
    if (x.usar) q.set(`canal_${c}`, 'on');
    q.set(`${c}_inicio`, x.inicio);
    q.set(`${c}_fim`, x.fim);
    q.set(`${c}_intensidade`, x.intensidade);
    if (x.grp !== '') q.set(`${c}_grp`, x.grp);
  }
  return q.toString();
}

/** The form's field a contract refusal names (canais[i].x by the channel of the i-th period), or null. */
export function contractFieldOf(field: string | undefined, pedido: Record<string, unknown>): string | null {
  if (!field) return null;
  const canal = /^canais\[(\d+)\](?:\.(dia_inicio|dia_fim|intensidade))?/.exec(field);
  if (canal) {
    const c = (pedido.canais as Array<{ canal: string }> | undefined)?.[Number(canal[1])]?.canal;
    if (!c) return null;
    return canal[2] === undefined ? `${c}_inicio` : `${c}_${({ dia_inicio: 'inicio', dia_fim: 'fim', intensidade: 'intensidade' } as const)[canal[2] as 'dia_inicio']}`;
  }
  if (field === 'canais') return 'canais';
  if (field.startsWith('horizonte')) return 'dias';
  if (field.startsWith('lancamento')) return 'dias';
  if (field.startsWith('contrato_de_resposta')) return 'dias';
  if (field.startsWith('geografia.municipios') || field.startsWith('municipio')) return 'municipio';
  if (field.startsWith('geografia') || field.startsWith('uf')) return 'uf';
  if (field === 'replicas' || field === 'nome') return field;
  return null;
}

/** Every field of the form (a refusal names one of these, or none). */
export const FORM_FIELDS: readonly string[] = [
  'modelo', 'uf', 'municipio', 'nome', 'canais', 'dias', 'replicas',
  ...CANAIS.flatMap((c) => [`${c}_inicio`, `${c}_fim`, `${c}_intensidade`, `${c}_grp`]),
];
