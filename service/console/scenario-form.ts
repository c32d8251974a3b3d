// The scenario form, one component for the console's "Nova simulação" (views/nova-simulacao.eta,
// console-new-simulation-routes.ts) and the playground's page (service/playground/static/page.js,
// bundled for the browser): its fields are the partial views/campos-cenario.eta, rendered by both,
// and this file maps them to a scenario in both (it imports no Node module). A library
// template filled for a place (library/fill-template.ts, GET /v1/biblioteca/{modelo}) becomes a
// form of what a planner changes (name, municipalities, each channel's days and intensity or GRPs,
// the horizon, the replicas), and the form becomes the scenario the quote and the submission check
// (the contract's validateScenario, through the same operations as POST /v1/jobs/estimate and
// POST /v1/jobs). The form's values travel as text (a GET's query, a POST's body) and come back as
// typed. A contract refusal is said in Portuguese under the field it names (contractFieldOf,
// contract-refusal-words.ts).
//
// GRPs: where the scenario's model has media channels and its release a GRP table (v2.0.0 on,
// offersGrp), each channel also takes `<canal>_grp`, the GRPs a week (contacts per 100 persons of
// the audience in 7 days at a constant intensity, the engine's convertGrp, docs/model.md "GRPs").
// intensityOf is the one place that reads a channel's intensity from the form, and so the one place
// that converts: a GRP figure, when typed, gives the intensity that buys it (the engine's function,
// over the scenario's release, UFs and audience), and one out of the channel's reach is refused
// under its field with the most the channel buys. In the browser the engine's files it reads are
// the page's (the playground records them for each UF: service/playground/record-reads.ts).
import type { FilledTemplate } from '../../library/fill-template.js';
import { CANAIS } from '../../src/contract/scenario-schema.js';
import type { Canal, Pergunta, Scenario } from '../../src/contract/types.js';
import { modelFor } from '../../src/models/model-registry.js';
import { convertGrp } from '../../src/models/recepcao/plan-grp.js';
import { releaseManifest } from '../../src/release/release.js';
import { refuseField } from '../accounts/form-refusal.js';
import { LABELS } from './labels.js';

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

/** "0,6" and "0.6" alike; a decimal number as people type it in Brazil. */
const decimalOf = (text: string) => (/^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : NaN);
const wholeOf = (text: string) => (/^\d+$/.test(text) ? Number(text) : NaN);
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

/** Whether the form offers channels for a scenario: a model with media channels (an adoption model has none). */
export const offersChannels = (base: Scenario): boolean => modelFor(base.familia).canais;

/** Whether the form offers GRPs for a scenario: a model with media channels, a release with a GRP table (v2.0.0 on). */
export function offersGrp(base: Scenario): boolean {
  return offersChannels(base) && releaseManifest(base.release).tabela_grp !== undefined;
}

/** "366,1": a GRP bound rounded down to one decimal, so the figure said is one the form takes. */
const boundText = (n: number) => (Math.floor(n * 10) / 10).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** A channel's daily contact intensity from the form: the intensity typed, or the one that buys the GRPs typed (see the file's head). */
function intensityOf(c: Canal, x: ChannelFields, base: Scenario): number {
  if (x.grp === '') {
    const v = decimalOf(x.intensidade);
    if (Number.isNaN(v)) refuseField('Escreva a intensidade como um número de 0 a 1, como 0,6.', `${c}_intensidade`);
    return v;
  }
  const field = `${c}_grp`;
  if (!offersGrp(base)) refuseField('Este modelo não mede os canais em GRPs: deixe os GRPs em branco e escreva a intensidade.', field);
  const grp = decimalOf(x.grp);
  if (Number.isNaN(grp) || grp <= 0) refuseField('Escreva os GRPs por semana como um número maior que 0, como 100.', field);
  const { idades, faixas_renda, niveis_instrucao } = base.publico ?? {};
  const over = { release: base.release, ufs: base.geografia.ufs, publico: { idades, faixas_renda, niveis_instrucao } };
  const [{ grp_semana_maximo: most }] = convertGrp({ ...over, intensidade: { [c]: 1 } });
  if (grp > most) {
    refuseField(`Neste lugar e público, o canal ${LABELS.canal(c)} chega a no máximo ${boundText(most)} GRPs por semana (com a intensidade mais forte, 1): `
      + `escreva um número maior que 0 e até ${boundText(most)}.`, field);
  }
  return convertGrp({ ...over, grp_semana: { [c]: grp } })[0].intensidade;
}

function wholeField(text: string, field: string, words: string): number {
  const v = wholeOf(text);
  if (Number.isNaN(v)) refuseField(words, field);
  return v;
}

/** The week a question reads (its own or its compared question's), if any. */
const weekOf = (q: Pergunta): number | undefined => ('pergunta' in q ? q.pergunta : q as { semana?: number }).semana;

/**
 * The scenario of the form over the template filled for the place (`base`, checked for it): the
 * name, channels, horizon and replicas typed. The template's questions that read a week past the
 * new horizon are left out (a shorter horizon has no such week to answer). Malformed numbers are
 * refused under their field; everything else is the contract's to check.
 */
export function scenarioOfForm(form: ScenarioForm, base: Scenario, withChannels: boolean): Record<string, unknown> {
  const dias = wholeField(form.dias, 'dias', 'Escreva o horizonte em dias, um número inteiro como 42.');
  const replicas = wholeField(form.replicas, 'replicas', 'Escreva as réplicas como um número inteiro de 1 a 20.');
  const canais = withChannels ? CANAIS.filter((c) => form.canais[c].usar).map((c) => {
    const x = form.canais[c];
    return {
      canal: c,
      dia_inicio: wholeField(x.inicio, `${c}_inicio`, 'Escreva o dia de início como um número inteiro, como 1.'),
      dia_fim: wholeField(x.fim, `${c}_fim`, 'Escreva o dia de fim como um número inteiro, como 28.'),
      intensidade: intensityOf(c, x, base),
    };
  }) : undefined;
  const weeks = Math.ceil(dias / 7);
  const perguntas = base.contrato_de_resposta?.perguntas.filter((q) => (weekOf(q) ?? 0) <= weeks) ?? [];
  const { contrato_de_resposta: _, ...rest } = base;
  return {
    ...rest,
    nome: form.nome,
    ...(canais ? { canais } : {}),
    horizonte: { ...base.horizonte, dias },
    replicas,
    ...(perguntas.length > 0 ? { contrato_de_resposta: { ...base.contrato_de_resposta, perguntas } } : {}),
  };
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
