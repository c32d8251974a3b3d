// The scenario of the scenario form (scenario-form.ts): the form's values over the template filled
// for the place become the scenario the console quotes and submits and the playground runs, with
// a malformed number refused under its field (refuseField). The same functions in Node and in the
// playground's page (bundled for the browser, loaded once the engine's files are held: they read
// the release's GRP table through the engine).
//
// GRPs: where the scenario's model has media channels and its release a GRP table (v2.0.0 on,
// offersGrp), each channel also takes `<canal>_grp`, the GRPs a week (contacts per 100 persons of
// the audience in 7 days at a constant intensity, the engine's convertGrp, docs/model.md "GRPs").
// intensityOf is the one place that reads a channel's intensity from the form, and so the one place
// that converts: a GRP figure, when typed, gives the intensity that buys it (the engine's function,
// over the scenario's release, UFs and audience), and one out of the channel's reach is refused
// under its field with the most the channel buys. In the browser the engine's files it reads are
// the page's (the playground records them for each UF: service/playground/record-reads.ts).
import { CANAIS } from '../../src/contract/scenario-schema.js';
import type { Canal, Pergunta, Scenario } from '../../src/contract/types.js';
import { modelFor } from '../../src/models/model-registry.js';
import { convertGrp } from '../../src/models/recepcao/plan-grp.js';
import { releaseManifest } from '../../src/release/release.js';
import { refuseField } from '../accounts/form-refusal.js';
import { LABELS } from './labels.js';
import type { ChannelFields, ScenarioForm } from './scenario-form.js';

/** "0,6" and "0.6" alike; a decimal number as people type it in Brazil. */
const decimalOf = (text: string) => (/^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : NaN);
const wholeOf = (text: string) => (/^\d+$/.test(text) ? Number(text) : NaN);

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

