// A project's settings, split in tabs (settings-tabs.ts; docs/console.md, "Settings"), beside its
// simulations (console-job-routes.ts):
//  - Chaves: its keys with created-at, expiry, state and last use (the stopped ones hidden unless
//    asked: ?revogadas=1); an admin or owner creates a key (name, scopes, 7, 30, 90 or 365 days or
//    never; shown once), rotates it (the old one stops at once or after 1 or 7 days, chosen in
//    its dialog: there is no default) or revokes it;
//  - Webhook: its address, a test, the signing secret replaced (in a dialog), removal, and the
//    latest deliveries with their times, body and answer, each sent again on request;
//  - Zona de perigo: archiving (its keys stop; in a dialog) or restoring, and deletion.
// Every tab leads to "Nova simulação" (console-new-simulation-routes.ts) for whoever may simulate.
// The same account actions as `campaign-sim admin key|webhook ...` (operations/account-actions.ts).
import type { FastifyInstance } from 'fastify';
import { GRACE_DAYS, KEY_DURATIONS_DAYS, SCOPES, type GraceDays, type KeyDurationDays, type Scope } from '../accounts/api-keys.js';
import {
  archiveProject, createKey, listKeys, listWebhookDeliveries, removeWebhook, resendWebhookDelivery, restoreProject, revokeKey, rotateKey, rotateWebhookSecret,
  sendTestPing, setWebhook, showWebhook,
} from '../operations/account-actions.js';
import { personInProject } from '../operations/person-in-project.js';
import { projectTrail } from './breadcrumbs.js';
import type { ConsoleKit } from './console-kit.js';
import { requireRole, roleAllows } from '../accounts/roles.js';
import { getProject } from '../accounts/accounts.js';
import { UNDO_DAYS } from '../accounts/deletion.js';
import { foundOrNull } from '../operations/found-or-null.js';
import { refuseField } from '../accounts/form-refusal.js';
import { LABELS } from './labels.js';
import { deliveryErrorWords } from './refusal-words.js';
import { projectTab, projectTabs, type ProjectTab } from './settings-tabs.js';

type Form = Record<string, string | string[] | undefined>;
const KEY_SCOPES: readonly Scope[] = SCOPES;

function scopesOf(f: Form): Scope[] {
  const picked = ([] as string[]).concat(f.scopes ?? []);
  if (picked.length === 0 || picked.some((s) => !KEY_SCOPES.includes(s as Scope))) refuseField(`escolha ao menos um escopo: ${KEY_SCOPES.map((s) => `${LABELS.escopo(s)} (${s})`).join('; ')}`, 'scopes');
  return picked as Scope[];
}

function durationOf(text: string | undefined): KeyDurationDays | null {
  if (text === 'nunca') return null;
  const n = Number(text);
  if (!KEY_DURATIONS_DAYS.includes(n as KeyDurationDays)) refuseField('a duração é 7, 30, 90 ou 365 dias, ou nunca', 'duracao');
  return n as KeyDurationDays;
}

/** A delivery's body, indented for reading (it is JSON text as sent). */
function readableBody(corpo: string): string {
  try {
    return JSON.stringify(JSON.parse(corpo), null, 2);
  } catch {
    return corpo;
  }
}

export async function consoleProjectRoutes(app: FastifyInstance, kit: ConsoleKit): Promise<void> {
  const { store } = kit;

  // A project unknown or deleted (it left the lists; the organization's page undoes it) is 404 (person-in-project.ts).
  async function view(id: string, pessoa: string, aba: ProjectTab, query: Record<string, string | undefined>) {
    const { project, papel } = await personInProject(store, pessoa, id);
    const data: Record<string, unknown> = {
      projeto: project, papel, aba, agora: store.clock.now(),
      pode: {
        chaves: roleAllows(papel, 'gerir_chaves'), arquivar: roleAllows(papel, 'arquivar_projeto'), excluir: roleAllows(papel, 'excluir_projeto'),
        webhook: roleAllows(papel, 'gerir_webhook'), simular: roleAllows(papel, 'simular'),
      },
      ok: null, chave: null, segredo: null,
      trilha: await projectTrail(store, project), abas: projectTabs(id, aba), abasRotulo: 'Configurações do projeto',
    };
    if (aba === 'chaves') {
      const now = store.clock.now();
      const todas = await listKeys.run(store, { projectId: id });
      const parada = (k: (typeof todas)[number]) => Boolean(k.revogada_em && k.revogada_em <= now);
      data.revogadas = query.revogadas === '1';
      data.escondidas = todas.filter(parada).length;
      data.chaves = todas.filter((k) => data.revogadas || !parada(k)).map((k) => ({ ...k, parada: parada(k) }));
      Object.assign(data, { escopos: KEY_SCOPES, duracoes: KEY_DURATIONS_DAYS, carencias: GRACE_DAYS });
    } else if (aba === 'webhook') {
      const webhook = await showWebhook.run(store, { projectId: id });
      data.webhook = webhook;
      data.entregas = webhook ? (await listWebhookDeliveries.run(store, { projectId: id })).map((e) => ({
        ...e, erro: e.erro === null ? null : deliveryErrorWords(e.erro), corpo: readableBody(e.corpo),
      })) : [];
    }
    return data;
  }

  /**
   * A deleted project's address, for a member who may undo the deletion (while it can be undone):
   * the page says so and offers the undo (404 like any unknown project for everyone else).
   */
  async function deletedPage(id: string, pessoa: string) {
    const project = await foundOrNull(getProject(store, id));
    if (!project?.excluido_em || project.apagado_em) return null;
    const papel = await foundOrNull(requireRole(store, pessoa, project.organization_id, 'ver'));
    if (!papel || !roleAllows(papel, 'excluir_projeto')) return null;
    return { projeto: project, ate: new Date(project.excluido_em.getTime() + UNDO_DAYS * 86_400_000) };
  }

  const pages: Array<[ProjectTab, string]> = [['chaves', ''], ['webhook', '/webhook'], ['perigo', '/perigo']];
  for (const [aba, path] of pages) {
    app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(`/projetos/:id${path}`, async (req, reply) => {
      const pessoa = await kit.requirePerson(req, reply);
      if (!pessoa) return reply;
      const deleted = await deletedPage(req.params.id, pessoa);
      if (deleted) return kit.page(reply, 'projeto-excluido', deleted.projeto.nome, pessoa, deleted, 404);
      const data = await view(req.params.id, pessoa, aba, req.query);
      const nome = (data.projeto as { nome: string }).nome;
      return kit.page(reply, `projeto-${aba}`, aba === 'chaves' ? nome : `${nome}: ${projectTabs(req.params.id, aba).find((t) => t.atual)!.rotulo}`, pessoa, data);
    });
  }

  /**
   * A POST of a tab: the project's organization role, then `act`; then the tab by GET with the
   * outcome, or with the refusal beside the field of `form` (its key and fields).
   */
  interface FormOf { chave(params: Record<string, string>): string; campos: readonly string[] }
  type Done = { ok: string; chave?: string; segredo?: string };
  function action(path: string, aba: ProjectTab, role: 'gerir_chaves' | 'arquivar_projeto' | 'gerir_webhook', form: FormOf, act: (id: string, f: Form, params: Record<string, string>) => Promise<Done>) {
    app.post<{ Params: Record<string, string>; Body: Form }>(`/projetos/:id/${path}`, kit.csrf, async (req, reply) => {
      const pessoa = await kit.requirePerson(req, reply);
      if (!pessoa) return reply;
      const { params } = req;
      const { project } = await personInProject(store, pessoa, params.id, role);
      const back = projectTab(project.id, aba);
      let out: Done;
      try {
        out = await act(project.id, req.body, params);
      } catch (err) {
        return kit.refuse(reply, back, err, { chave: form.chave(params), campos: form.campos, corpo: req.body });
      }
      // done: the tab again by GET (a reload repeats nothing), the new key or secret shown once
      return kit.flash(reply, back, out);
    });
  }

  action('chaves', 'chaves', createKey.role, { chave: () => 'chave', campos: ['nome', 'scopes', 'duracao'] }, async (id, f) => {
    const nome = String(f.nome ?? '').trim();
    if (nome === '') refuseField('dê um nome à chave', 'nome');
    // two keys of one name cannot be told apart in the list (a stopped key's name is free again)
    const now = store.clock.now();
    const taken = (await listKeys.run(store, { projectId: id })).some((k) => k.nome === nome && !(k.revogada_em && k.revogada_em <= now));
    if (taken) refuseField(`já há uma chave chamada "${nome}": dê outro nome`, 'nome');
    const made = await createKey.run(store, { projectId: id, nome, scopes: scopesOf(f), expiresInDays: durationOf(String(f.duracao ?? '')) });
    return { ok: `Chave ${made.record.prefixo} criada. Copie agora: ela não será mostrada de novo.`, chave: made.key };
  });
  action('chaves/:chave/rotacionar', 'chaves', rotateKey.role, { chave: (p) => `rotacionar:${p.chave}`, campos: ['carencia'] }, async (id, f, params) => {
    // no default: the person chooses when the old key stops (issue 59: "parar já" preselected broke clients)
    const grace = f.carencia === undefined || f.carencia === '' ? Number.NaN : Number(f.carencia);
    if (!GRACE_DAYS.includes(grace as GraceDays)) refuseField('Escolha quando a chave antiga para: agora, em 1 dia ou em 7 dias.', 'carencia');
    const made = await rotateKey.run(store, { keyId: params.chave, projectId: id, graceDays: grace as GraceDays });
    return { ok: `Chave ${made.replaced.prefixo} substituída por ${made.record.prefixo}; a antiga para ${grace === 0 ? 'já' : `em ${grace === 1 ? '1 dia' : `${grace} dias`}`}. Copie a nova agora: ela não será mostrada de novo.`, chave: made.key };
  });
  action('chaves/:chave/revogar', 'chaves', revokeKey.role, { chave: (p) => `revogar:${p.chave}`, campos: [] }, async (id, _f, params) => {
    const k = await revokeKey.run(store, { keyId: params.chave, projectId: id });
    return { ok: `Chave ${k.prefixo} revogada: parou agora.` };
  });
  action('webhook', 'webhook', setWebhook.role, { chave: () => 'webhook', campos: ['url'] }, async (id, f) => {
    const w = await setWebhook.run(store, { projectId: id, url: String(f.url ?? '').trim(), policy: kit.webhookPolicy });
    return { ok: `Webhook ativo em ${w.url}. Copie o segredo de assinatura agora: ele não será mostrado de novo.`, segredo: w.segredo };
  });
  action('webhook/segredo', 'webhook', rotateWebhookSecret.role, { chave: () => 'webhook-segredo', campos: [] }, async (id) => {
    const w = await rotateWebhookSecret.run(store, { projectId: id });
    return { ok: 'Novo segredo: as próximas entregas já são assinadas com ele. Copie agora: ele não será mostrado de novo.', segredo: w.segredo };
  });
  action('webhook/entregas/:entrega/reenviar', 'webhook', resendWebhookDelivery.role, { chave: (p) => `reenviar:${p.entrega}`, campos: [] }, async (id, _f, params) => {
    await resendWebhookDelivery.run(store, { projectId: id, deliveryId: params.entrega });
    return { ok: 'Entrega reenviada: ela volta à fila agora, com o mesmo identificador (o receptor que já a tem a ignora).' };
  });
  // Actions without input: the change, its tab, and what the page then says.
  const plain: Array<[string, ProjectTab, typeof sendTestPing | typeof removeWebhook | typeof archiveProject | typeof restoreProject, string]> = [
    ['webhook/teste', 'webhook', sendTestPing, 'Teste enfileirado: o serviço o envia em instantes; veja as entregas abaixo.'],
    ['webhook/remover', 'webhook', removeWebhook, 'Webhook removido: não há mais avisos, e as entregas na fila foram descartadas.'],
    ['arquivar', 'perigo', archiveProject, 'Projeto arquivado: as chaves pararam.'],
    ['restaurar', 'perigo', restoreProject, 'Projeto restaurado: as chaves voltaram.'],
  ];
  for (const [path, aba, change, ok] of plain) action(path, aba, change.role, { chave: () => path, campos: [] }, async (id) => { await change.run(store, { projectId: id }); return { ok }; });
}
